import { SLOT_PAYLINES, SLOT_PAYTABLE, SLOT_STRIP, SLOT_SYMBOLS } from '@coinsite/shared/fairness';

/**
 * The sandbox provider's game client: a 5×3, 10-line HTML5 slot framed by /slots/{game_code}. Plain
 * HTML, CSS and one script file (the CSP allows no inline script); symbols are inline SVG and sounds
 * are synthesised, so it needs nothing from outside this server.
 */
export function sandboxPage(token: string, demoGame?: string): string {
  // a demo (issue 27) names its game instead of a session: play money, held by this page
  const who =
    demoGame === undefined
      ? `data-session="${token}"`
      : `data-demo="${demoGame.replace(/[^A-Za-z0-9_-]/g, '')}"`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox slot</title>
<style>
*{box-sizing:border-box;margin:0;padding:0}
html,body{height:100%;background:#0b0f1d;color:#e8ecf8;font:14px/1.3 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;overflow:hidden;user-select:none}
body{display:flex;flex-direction:column;align-items:center;background:radial-gradient(ellipse at 50% 0%,hsl(var(--h) 60% 22%),#0b0f1d 70%)}
header{width:100%;display:flex;align-items:center;gap:10px;padding:10px 14px;background:rgba(0,0,0,.35);border-bottom:1px solid rgba(255,255,255,.08)}
.thumb{width:38px;height:38px;border-radius:8px;object-fit:cover;background:hsl(var(--h) 50% 30%);flex:none}
.title{font-weight:800;font-size:16px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.badge{font-size:10px;font-weight:900;letter-spacing:.12em;color:#111;background:#facc15;border-radius:5px;padding:3px 6px;flex:none}
.bal{margin-left:auto;font-weight:800;font-variant-numeric:tabular-nums;background:rgba(0,0,0,.4);padding:6px 10px;border-radius:8px;white-space:nowrap}
main{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;width:100%;padding:10px}
.machine{position:relative;padding:10px;border-radius:18px;background:linear-gradient(180deg,hsl(var(--h) 45% 28%),hsl(var(--h) 45% 14%));box-shadow:0 0 0 2px hsl(var(--h) 70% 55% / .6),0 18px 50px rgba(0,0,0,.6)}
.reels{display:grid;grid-template-columns:repeat(5,var(--c));gap:6px;background:#060914;padding:6px;border-radius:12px}
.reel{position:relative;height:calc(var(--c) * 3 + 8px);overflow:hidden;border-radius:8px;background:linear-gradient(180deg,#141a33,#0d1226 50%,#141a33)}
.strip{position:absolute;left:0;right:0;top:0;display:flex;flex-direction:column;gap:4px;will-change:transform}
.cell{height:var(--c);display:flex;align-items:center;justify-content:center;border-radius:8px;transition:background .2s,box-shadow .2s}
.cell svg{width:72%;height:72%}
.cell.win{background:hsl(48 95% 55% / .18);box-shadow:inset 0 0 0 2px #facc15;animation:pulse .6s ease-in-out 3}
@keyframes pulse{50%{transform:scale(1.07)}}
.blur .strip{filter:blur(1.5px)}
.msg{min-height:24px;font-weight:800;font-size:18px;text-align:center;color:#facc15;text-shadow:0 2px 10px rgba(0,0,0,.6)}
.msg.err{color:#fca5a5;font-size:14px}
.controls{display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:8px}
button{font:inherit;font-weight:800;color:#e8ecf8;background:#1b2340;border:1px solid #2c3766;border-radius:10px;padding:9px 12px;cursor:pointer}
button:hover:not(:disabled){background:#242e55}
button:disabled{opacity:.5;cursor:default}
.spin{min-width:110px;font-size:17px;padding:12px 20px;background:linear-gradient(180deg,#22c55e,#15803d);border-color:#16a34a;color:#fff}
.spin:hover:not(:disabled){background:linear-gradient(180deg,#2fd66b,#169144)}
.auto.on{background:#7c3aed;border-color:#8b5cf6}
.bet{display:flex;align-items:center;gap:6px;background:#111733;border:1px solid #2c3766;border-radius:10px;padding:3px}
.bet button{padding:6px 10px}
.bet span{min-width:64px;text-align:center;font-variant-numeric:tabular-nums;font-weight:800}
.fair{font-size:11px;color:#8590b8;text-align:center;max-width:560px;word-break:break-all}
.pay{position:fixed;inset:0;background:#070a16;display:none;flex-direction:column;align-items:center;overflow:auto;padding:18px 18px 24px;gap:12px;z-index:5}
.pay #closepay{position:fixed;top:10px;right:12px}
button svg{width:18px;height:18px;vertical-align:middle}
.pay.open{display:flex}
.pay table{border-collapse:collapse}
.pay td{padding:4px 10px;text-align:right;font-variant-numeric:tabular-nums}
.pay td:first-child{width:44px}
.pay td svg{width:34px;height:34px}
.lines{display:grid;grid-template-columns:repeat(5,auto);gap:8px}
.line{display:grid;grid-template-columns:repeat(5,8px);grid-template-rows:repeat(3,8px);gap:2px;padding:4px;background:#111733;border-radius:6px}
.line i{background:#26304f;border-radius:2px}.line i.on{background:#facc15}
</style>
</head>
<body ${who}>
<header>
  <img class="thumb" id="thumb" alt="">
  <div class="title" id="title">Loading…</div>
  <span class="badge">${demoGame === undefined ? 'SANDBOX' : 'DEMO · PLAY MONEY'}</span>
  <div class="bal" id="bal">–</div>
</header>
<main>
  <div class="machine"><div class="reels" id="reels"></div></div>
  <div class="msg" id="msg" role="status" aria-live="polite"></div>
  <div class="controls">
    <div class="bet"><button id="less" aria-label="Lower bet">−</button><span id="bet">1.00</span><button id="more" aria-label="Raise bet">+</button></div>
    <button class="spin" id="spin">SPIN</button>
    <button class="auto" id="auto">AUTO</button>
    <button id="paytable">Paytable</button>
    <button id="sound" aria-label="Sound on" aria-pressed="true"><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M11 5 6 9H2v6h4l5 4z"/><path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14"/></svg></button>
  </div>
  <div class="fair" id="fair"></div>
</main>
<div class="pay" id="pay" role="dialog" aria-label="Paytable"></div>
<script src="/sandbox/slots/app.js"></script>
</body>
</html>`;
}

/** The game's symbols as SVG (viewBox 0 0 100 100). */
const SYMBOL_ART: Record<string, string> = {
  seven:
    '<svg viewBox="0 0 100 100"><defs><linearGradient id="g7" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#b91c1c"/></linearGradient></defs><path d="M18 14h64v14L48 88H28l32-56H18z" fill="url(#g7)" stroke="#fff3" stroke-width="3"/></svg>',
  diamond:
    '<svg viewBox="0 0 100 100"><path d="M30 16h40l20 24-40 48-40-48z" fill="#38bdf8"/><path d="M30 16l10 24h20l10-24M10 40h80M40 40l10 48 10-48" fill="none" stroke="#e0f2fe" stroke-width="3"/></svg>',
  bar: '<svg viewBox="0 0 100 100"><rect x="8" y="30" width="84" height="40" rx="8" fill="#1f2937" stroke="#f5f5f5" stroke-width="4"/><text x="50" y="60" font-family="Arial Black,Arial" font-weight="900" font-size="26" text-anchor="middle" fill="#fde047">BAR</text></svg>',
  bell: '<svg viewBox="0 0 100 100"><path d="M50 12c-18 0-26 16-26 32v16L14 74h72L76 60V44c0-16-8-32-26-32z" fill="#facc15" stroke="#a16207" stroke-width="3"/><circle cx="50" cy="82" r="8" fill="#ca8a04"/></svg>',
  grape:
    '<svg viewBox="0 0 100 100"><path d="M52 20c4-8 12-10 18-8" stroke="#65a30d" stroke-width="5" fill="none"/><g fill="#a855f7" stroke="#6b21a8" stroke-width="2"><circle cx="36" cy="36" r="11"/><circle cx="58" cy="34" r="11"/><circle cx="47" cy="52" r="11"/><circle cx="28" cy="56" r="10"/><circle cx="66" cy="54" r="10"/><circle cx="40" cy="72" r="10"/><circle cx="58" cy="72" r="10"/><circle cx="49" cy="88" r="8"/></g></svg>',
  lemon:
    '<svg viewBox="0 0 100 100"><ellipse cx="50" cy="52" rx="38" ry="28" fill="#fde047" stroke="#ca8a04" stroke-width="3" transform="rotate(-20 50 52)"/><ellipse cx="40" cy="44" rx="10" ry="5" fill="#fef9c3" transform="rotate(-20 40 44)"/></svg>',
  cherry:
    '<svg viewBox="0 0 100 100"><path d="M34 62C40 40 50 24 70 14M66 62C64 44 66 28 70 14" stroke="#65a30d" stroke-width="5" fill="none"/><circle cx="32" cy="70" r="17" fill="#ef4444" stroke="#991b1b" stroke-width="3"/><circle cx="68" cy="70" r="17" fill="#dc2626" stroke="#991b1b" stroke-width="3"/><circle cx="26" cy="64" r="4" fill="#fecaca"/></svg>',
};

let script: string | null = null;

/** The game client's script: the strip, paylines and paytable come from the shared slot rules. */
export function sandboxScript(): string {
  script ??= buildScript();
  return script;
}

function buildScript(): string {
  const rules = {
    symbols: SLOT_SYMBOLS,
    strip: SLOT_STRIP,
    lines: SLOT_PAYLINES,
    paytable: SLOT_PAYTABLE,
    art: SYMBOL_ART,
  };
  return `'use strict';
(function () {
const RULES = ${JSON.stringify(rules)};
const BETS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 25, 50, 100];
const AUTO = [0, 10, 25, 50, 100];
const session = document.body.dataset.session;
const demo = document.body.dataset.demo;
const $ = (id) => document.getElementById(id);
const reelsEl = $('reels');
let betIdx = 3, busy = false, autoLeft = 0, autoIdx = 0, sound = true, balance = 0, ctxAudio = null;
const fmt = (n) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const art = (name) => RULES.art[name] || '';
const rand = (n) => Math.floor(Math.random() * n);
const symbolAt = (stop, row) => RULES.symbols[RULES.strip[(stop + row) % RULES.strip.length]];

function size() {
  const w = Math.min(window.innerWidth - 60, 640), h = window.innerHeight - 250;
  const c = Math.max(44, Math.min(Math.floor((w - 40) / 5), Math.floor((h - 30) / 3), 120));
  document.documentElement.style.setProperty('--c', c + 'px');
  return c;
}

function cell(name) {
  const d = document.createElement('div');
  d.className = 'cell';
  d.dataset.symbol = name;
  d.innerHTML = art(name);
  return d;
}

const reels = [];
function build() {
  for (let r = 0; r < 5; r++) {
    const reel = document.createElement('div');
    reel.className = 'reel';
    const strip = document.createElement('div');
    strip.className = 'strip';
    const stop = rand(RULES.strip.length);
    for (let row = 0; row < 3; row++) strip.appendChild(cell(symbolAt(stop, row)));
    reel.appendChild(strip);
    reelsEl.appendChild(reel);
    reels.push({ reel, strip });
  }
}

function audio() {
  if (!sound) return null;
  try {
    ctxAudio = ctxAudio || new (window.AudioContext || window.webkitAudioContext)();
    return ctxAudio;
  } catch (e) { return null; }
}
function tone(freq, at, dur, type, vol) {
  const a = audio(); if (!a) return;
  const o = a.createOscillator(), g = a.createGain();
  o.type = type || 'square'; o.frequency.value = freq;
  g.gain.setValueAtTime(vol || 0.04, a.currentTime + at);
  g.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + at + dur);
  o.connect(g).connect(a.destination); o.start(a.currentTime + at); o.stop(a.currentTime + at + dur);
}
const tick = () => tone(220, 0, 0.06, 'triangle', 0.06);
function winSound(big) { [523, 659, 784, big ? 1047 : 988].forEach((f, i) => tone(f, i * 0.09, 0.18, 'square', 0.05)); }

function setBalance(v) { balance = v; $('bal').textContent = fmt(v) + ' coins'; }
function setMsg(text, err) { const m = $('msg'); m.textContent = text; m.className = 'msg' + (err ? ' err' : ''); }
function setBusy(b) { busy = b; $('spin').disabled = b; $('less').disabled = b; $('more').disabled = b; }

function animate(result) {
  const c = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--c')) || 80;
  const step = c + 4;
  reelsEl.classList.add('blur');
  return Promise.all(reels.map(({ strip }, r) => new Promise((resolve) => {
    const current = Array.from(strip.children).slice(0, 3).map((e) => e.dataset.symbol);
    strip.innerHTML = '';
    const spins = 14 + r * 5;
    const final = result.window[r];
    // top: the outcome; then random filler; bottom: what was showing (the strip runs downwards)
    final.forEach((s) => strip.appendChild(cell(s)));
    for (let i = 0; i < spins; i++) strip.appendChild(cell(RULES.symbols[RULES.strip[rand(RULES.strip.length)]]));
    current.forEach((s) => strip.appendChild(cell(s)));
    const distance = (spins + 3) * step;
    strip.style.transition = 'none';
    strip.style.transform = 'translateY(' + -distance + 'px)';
    void strip.offsetHeight;
    const ms = 650 + r * 220;
    strip.style.transition = 'transform ' + ms + 'ms cubic-bezier(.25,.1,.25,1.08)';
    strip.style.transform = 'translateY(0)';
    setTimeout(() => {
      while (strip.children.length > 3) strip.removeChild(strip.lastChild);
      strip.style.transition = 'none';
      tick();
      if (r === 4) reelsEl.classList.remove('blur');
      resolve();
    }, ms);
  })));
}

function highlight(result) {
  result.wins.forEach((w) => {
    RULES.lines[w.line].slice(0, w.count).forEach((row, r) => {
      const el = reels[r].strip.children[row];
      if (el) el.classList.add('win');
    });
  });
}

function tellSite(phase) {
  try { if (window.parent !== window) window.parent.postMessage({ type: 'slot-spin', phase }, location.origin); } catch {}
}

async function spin() {
  if (busy) return;
  setBusy(true);
  setMsg('');
  reels.forEach(({ strip }) => Array.from(strip.children).forEach((e) => e.classList.remove('win')));
  const amount = BETS[betIdx];
  if (demo && amount > balance + 1e-9) {
    setMsg('Not enough play money for this bet.', true);
    stopAuto();
    setBusy(false);
    return;
  }
  // the site holds the win's balance change and feed row until the reels stop here (issue 28 item 5)
  tellSite('start');
  let res;
  try {
    const r = await fetch(demo ? '/api/slots/sandbox/demo-spin' : '/api/slots/sandbox/spin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demo ? { game: demo, amount } : { session, amount }),
    });
    res = await r.json();
    if (!r.ok) throw new Error(res.error || 'The spin failed.');
  } catch (e) {
    setMsg(e.message || 'The spin failed.', true);
    stopAuto();
    setBusy(false);
    tellSite('end');
    return;
  }
  setBalance(balance - amount);
  await animate(res);
  tellSite('end');
  setBalance(demo ? Math.round((balance + res.payout) * 100) / 100 : res.balance);
  if (res.payout > 0) {
    highlight(res);
    setMsg('WIN ' + fmt(res.payout) + ' (' + res.multiplier.toFixed(2) + 'x)');
    winSound(res.multiplier >= 5);
  } else setMsg('');
  $('fair').textContent = 'Round ' + res.roundId + ' · seed hash ' + res.serverSeedHash.slice(0, 16) + '… · client seed ' + res.clientSeed + ' · nonce ' + res.nonce;
  reelsEl.dataset.spins = String(Number(reelsEl.dataset.spins || 0) + 1);
  setBusy(false);
  if (autoLeft > 0) {
    autoLeft--;
    updateAuto();
    if (autoLeft > 0) setTimeout(spin, res.payout > 0 ? 900 : 350);
  }
}

function updateAuto() {
  const b = $('auto');
  b.classList.toggle('on', autoLeft > 0);
  b.textContent = autoLeft > 0 ? 'STOP (' + autoLeft + ')' : 'AUTO';
}
function stopAuto() { autoLeft = 0; updateAuto(); }

function paytable() {
  const p = $('pay');
  const rows = RULES.symbols.map((s) => '<tr><td>' + art(s) + '</td>' + RULES.paytable[s].map((v, i) => '<td>' + (3 + i) + '× ' + (v / 10) + 'x</td>').join('') + '</tr>').join('');
  const lines = RULES.lines.map((l) => '<div class="line">' + [0, 1, 2].map((row) => [0, 1, 2, 3, 4].map((r) => '<i class="' + (l[r] === row ? 'on' : '') + '"></i>').join('')).join('') + '</div>').join('');
  p.innerHTML = '<h2>Paytable</h2><p>Wins pay left to right on 10 lines, as a multiple of the total bet.</p><table>' + rows + '</table><h3>Paylines</h3><div class="lines">' + lines + '</div><p>Return to player: ' + (window.__rtp ? (window.__rtp * 100).toFixed(2) + ' %' : '≈ 96 %') + '. Outcomes come from your provably fair seed pair.</p><button id="closepay">Close</button>';
  p.classList.add('open');
  $('closepay').addEventListener('click', () => p.classList.remove('open'));
}

function fallbackArt(name, hue) {
  const letters = name.split(/\\s+/).slice(0, 2).map((w) => w[0] || '').join('').toUpperCase();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(' + hue + ',70%,45%)"/><stop offset="1" stop-color="hsl(' + ((hue + 60) % 360) + ',70%,25%)"/></linearGradient></defs><rect width="80" height="80" fill="url(#a)"/><text x="40" y="50" font-family="Arial" font-weight="900" font-size="28" fill="#fff" text-anchor="middle">' + letters + '</text></svg>';
  return 'data:image/svg+xml,' + encodeURIComponent(svg);
}

async function start() {
  size();
  build();
  window.addEventListener('resize', size);
  $('less').addEventListener('click', () => { betIdx = Math.max(0, betIdx - 1); $('bet').textContent = fmt(BETS[betIdx]); });
  $('more').addEventListener('click', () => { betIdx = Math.min(BETS.length - 1, betIdx + 1); $('bet').textContent = fmt(BETS[betIdx]); });
  $('spin').addEventListener('click', spin);
  $('auto').addEventListener('click', () => {
    if (autoLeft > 0) return stopAuto();
    autoIdx = (autoIdx % (AUTO.length - 1)) + 1;
    autoLeft = AUTO[autoIdx];
    updateAuto();
    spin();
  });
  $('paytable').addEventListener('click', paytable);
  $('sound').addEventListener('click', () => {
    sound = !sound;
    const b = $('sound');
    b.innerHTML = sound ? '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M11 5 6 9H2v6h4l5 4z"/><path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14"/></svg>' : '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M11 5 6 9H2v6h4l5 4z"/><path d="m22 9-6 6M16 9l6 6"/></svg>';
    b.setAttribute('aria-pressed', String(sound));
    b.setAttribute('aria-label', sound ? 'Sound on' : 'Sound off');
  });
  document.addEventListener('keydown', (e) => { if (e.code === 'Space') { e.preventDefault(); spin(); } });
  $('bet').textContent = fmt(BETS[betIdx]);
  try {
    const r = await fetch(demo ? '/api/slots/sandbox/demo?game=' + encodeURIComponent(demo) : '/api/slots/sandbox/session?session=' + encodeURIComponent(session));
    const s = await r.json();
    if (!r.ok) throw new Error(s.error || 'This game session has expired.');
    let hue = 0;
    for (const ch of s.gameCode) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
    document.body.style.setProperty('--h', String(hue));
    document.title = s.gameName + (demo ? ' (demo)' : ' (sandbox)');
    $('title').textContent = s.gameName;
    const thumb = $('thumb');
    thumb.addEventListener('error', () => { thumb.src = fallbackArt(s.gameName, hue); }, { once: true });
    thumb.src = s.banner || fallbackArt(s.gameName, hue);
    window.__rtp = s.rtp;
    setBalance(s.balance);
    document.body.dataset.ready = '1';
  } catch (e) {
    setMsg(e.message, true);
    setBusy(true);
  }
}
start();
})();
`;
}
