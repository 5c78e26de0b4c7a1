/** The sandbox providers' hosted pages: plain HTML, no scripts (the CSP allows none inline), marked SANDBOX. */

export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#0b0f17;color:#e5e7eb;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;padding:16px}
.card{width:100%;max-width:420px;background:linear-gradient(#161d2b,#111723);border:1px solid #2a3447;border-radius:16px;
padding:24px;box-shadow:0 20px 60px rgba(0,0,0,.5)}
.badge{display:inline-block;background:#f59e0b;color:#111;font-weight:800;font-size:12px;letter-spacing:.08em;
padding:3px 8px;border-radius:6px}
h1{font-size:20px;margin:12px 0 4px}p{color:#9ca3af;margin:6px 0}.amount{font-size:32px;font-weight:800;color:#fff;margin:12px 0}
.row{display:flex;gap:10px;margin-top:18px}form{margin:0;flex:1}
button{width:100%;height:44px;border:0;border-radius:10px;font-weight:700;font-size:15px;cursor:pointer}
.pay{background:linear-gradient(#4ade80,#16a34a);color:#04120a}.cancel{background:#273143;color:#e5e7eb}
.field{width:100%;margin-top:10px;padding:10px;border-radius:8px;border:1px solid #2a3447;background:#0b0f17;color:#fff;font:13px monospace}
ul{list-style:none;padding:0;margin:14px 0 0}li{display:flex;align-items:center;justify-content:space-between;gap:10px;
padding:10px 0;border-top:1px solid #222b3b}li form{flex:0 0 110px}.ok{color:#4ade80}.bad{color:#f87171}
a{color:#4ade80}
`;

export function sandboxPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} (sandbox)</title>
<style>${STYLE}</style></head><body><main class="card"><span class="badge">SANDBOX</span>
<h1>${esc(title)}</h1>${body}
<p style="margin-top:18px;font-size:12px">Test mode: no real money moves. This page stands in for the provider.</p>
</main></body></html>`;
}

export function usd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
