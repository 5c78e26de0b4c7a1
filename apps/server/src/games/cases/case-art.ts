import { RARITY_COLORS, type Rarity } from '@coinsite/shared';

/**
 * Generated SVG art for cases and items (the machines reach no image hosts). An image is a pure
 * function of its path, so the paths stored in the catalogue are all the state there is.
 * Glyphs are drawn in a 100×100 box.
 */
export const GLYPHS = {
  coin: '<circle cx="50" cy="50" r="30"/><circle cx="50" cy="50" r="21" fill="none" stroke="rgba(0,0,0,.35)" stroke-width="4"/><path d="M50 36v28M42 42h12a5 5 0 0 1 0 10h-8a5 5 0 0 0 0 10h12" fill="none" stroke="rgba(0,0,0,.45)" stroke-width="4" stroke-linecap="round"/>',
  gem: '<path d="M28 40 40 24h20l12 16-22 38z"/><path d="M28 40h44M40 24l10 16 10-16M50 40v38" fill="none" stroke="rgba(0,0,0,.3)" stroke-width="2.5"/>',
  crown:
    '<path d="M20 72 24 32l15 18 11-24 11 24 15-18 4 40z"/><rect x="20" y="72" width="60" height="9" rx="2"/><circle cx="50" cy="60" r="5" fill="rgba(255,255,255,.6)"/>',
  knife:
    '<path d="M18 82 64 36c8-8 14-14 22-20-3 9-9 17-16 26L30 86z"/><path d="M14 78l10 10-6 6-10-10z" fill="rgba(0,0,0,.45)"/>',
  sword:
    '<path d="M22 78 70 20l10-4-4 10-58 48z"/><path d="M18 62l20 20-5 5-20-20z" fill="rgba(0,0,0,.4)"/><path d="M12 88l8-8 6 6-8 8z"/>',
  pistol: '<path d="M14 34h66v14H50l-6 30H28l6-30H14z"/><path d="M44 48h6v10h-9z" fill="rgba(0,0,0,.35)"/>',
  rifle: '<path d="M6 42h76l8-4v12H52l-5 16H35l3-16H6z"/><path d="M18 50h12l-6 16H12z"/>',
  glove:
    '<path d="M30 84V48c0-6 8-6 8 0V26c0-6 8-6 8 0v18-22c0-6 8-6 8 0v22-18c0-6 8-6 8 0v26l6-8c4-5 10 0 7 5L64 84z"/>',
  skull:
    '<path d="M50 16c-19 0-32 13-32 31 0 11 5 19 13 24v11h38V71c8-5 13-13 13-24 0-18-13-31-32-31z"/><circle cx="38" cy="48" r="8" fill="rgba(0,0,0,.55)"/><circle cx="62" cy="48" r="8" fill="rgba(0,0,0,.55)"/><path d="M46 66l4-7 4 7z" fill="rgba(0,0,0,.55)"/>',
  star: '<path d="M50 12l11 24 26 3-19 18 5 26-23-13-23 13 5-26-19-18 26-3z"/>',
  bolt: '<path d="M58 10 24 56h20l-6 34 36-48H54z"/>',
  key: '<circle cx="32" cy="50" r="16"/><circle cx="32" cy="50" r="6" fill="rgba(0,0,0,.5)"/><path d="M46 45h40v10h-6v10h-8V55h-6v8h-8v-8H46z"/>',
  dice: '<rect x="22" y="22" width="56" height="56" rx="10"/><g fill="rgba(0,0,0,.55)"><circle cx="36" cy="36" r="5"/><circle cx="64" cy="36" r="5"/><circle cx="50" cy="50" r="5"/><circle cx="36" cy="64" r="5"/><circle cx="64" cy="64" r="5"/></g>',
  heart: '<path d="M50 84 18 52c-9-9-9-24 1-32 9-7 22-5 31 5 9-10 22-12 31-5 10 8 10 23 1 32z"/>',
  potion:
    '<path d="M42 14h16v6h-3v16l19 32c4 8-1 18-11 18H37c-10 0-15-10-11-18l19-32V20h-3z"/><path d="M30 66h40l4 8c2 5-1 10-7 10H33c-6 0-9-5-7-10z" fill="rgba(255,255,255,.35)"/>',
  helmet:
    '<path d="M16 64c0-24 15-42 34-42s34 18 34 42v8H60V58H40v14H16z"/><path d="M40 58h20v14H40z" fill="rgba(0,0,0,.45)"/>',
  shoe: '<path d="M20 24h22v30c8 4 22 6 32 10 8 3 10 10 10 18H16z"/><path d="M16 76h68v8H16z" fill="rgba(0,0,0,.4)"/>',
  watch:
    '<rect x="38" y="10" width="24" height="80" rx="6"/><circle cx="50" cy="50" r="22"/><circle cx="50" cy="50" r="16" fill="rgba(0,0,0,.45)"/><path d="M50 40v11l7 5" fill="none" stroke="rgba(255,255,255,.8)" stroke-width="3" stroke-linecap="round"/>',
} as const;
export type Glyph = keyof typeof GLYPHS;
export const GLYPH_NAMES = Object.keys(GLYPHS) as Glyph[];

const HEX6 = /^[0-9a-f]{6}$/;

export function isGlyph(name: string): name is Glyph {
  return Object.hasOwn(GLYPHS, name);
}

export const caseImagePath = (a: string, b: string, glyph: Glyph) =>
  `/api/cases/art/case/${a.replace('#', '').toLowerCase()}-${b.replace('#', '').toLowerCase()}-${glyph}.svg`;
/**
 * An item's look beyond its glyph and rarity: the body hue, the backdrop badge and the small
 * emblem in its corner. Derived from the item's name (nameVariant), and bumped within a case so
 * that no two items of one case share a look (distinctVariants).
 */
export interface ItemVariant {
  hue: number;
  backdrop: number;
  emblem: number;
}
/** 16 body hues, 6 backdrops, 8 emblems: 768 looks per glyph. */
export const ITEM_HUES = 16;
export const ITEM_BACKDROPS = 6;
export const ITEM_EMBLEMS = 8;

const variantCode = (v: ItemVariant) =>
  [v.hue, v.backdrop, v.emblem].map((n) => n.toString(16).padStart(2, '0')).join('');

export const itemImagePath = (color: Rarity, glyph: Glyph, variant?: ItemVariant) =>
  variant
    ? `/api/cases/art/item/${color}-${glyph}-${variantCode(variant)}.svg`
    : `/api/cases/art/item/${color}-${glyph}.svg`;

/** FNV-1a of the name: the same name always draws the same item. */
function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name.toLowerCase()) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function nameVariant(name: string): ItemVariant {
  const h = nameHash(name);
  return { hue: h % ITEM_HUES, backdrop: (h >>> 8) % ITEM_BACKDROPS, emblem: (h >>> 16) % ITEM_EMBLEMS };
}

/**
 * Each item's variant, unique within the list (one case): items are taken in order, and a look
 * already used by an earlier item moves to the next free hue, then backdrop, then emblem. A look is
 * the hue, plus the backdrop and emblem for items that share a glyph: with 16 hues, a case of up to
 * 16 items never shows one body colour twice.
 */
export function distinctVariants(items: ReadonlyArray<{ name: string; glyph: Glyph }>): ItemVariant[] {
  const hues = new Set<number>();
  const looks = new Set<string>();
  return items.map(({ name, glyph }) => {
    const base = nameVariant(name);
    for (let i = 0; i < ITEM_HUES * ITEM_BACKDROPS * ITEM_EMBLEMS; i++) {
      const v = {
        hue: (base.hue + i) % ITEM_HUES,
        backdrop: (base.backdrop + Math.floor(i / ITEM_HUES)) % ITEM_BACKDROPS,
        emblem: (base.emblem + Math.floor(i / (ITEM_HUES * ITEM_BACKDROPS))) % ITEM_EMBLEMS,
      };
      const look = `${glyph}:${v.hue}:${v.backdrop}:${v.emblem}`;
      const hueFree = !hues.has(v.hue) || hues.size >= ITEM_HUES;
      if (!hueFree || looks.has(look)) continue;
      hues.add(v.hue);
      looks.add(look);
      return v;
    }
    return base;
  });
}

/** Backdrop badges behind the glyph (100×100 box). */
const BACKDROPS = [
  '<circle cx="50" cy="52" r="40"/>',
  '<path d="M50 10 86 31v42L50 94 14 73V31z"/>',
  '<path d="M50 8 92 52 50 96 8 52z"/>',
  '<rect x="12" y="14" width="76" height="76" rx="18"/>',
  '<path d="M50 8 86 20v30c0 24-16 38-36 46C30 88 14 74 14 50V20z"/>',
  '<path d="M50 6l9 14 16-5 1 17 16 6-8 15 8 15-16 6-1 17-16-5-9 14-9-14-16 5-1-17-16-6 8-15-8-15 16-6 1-17 16 5z"/>',
];

/** Small white emblems for the corner medallion (drawn around 0,0, about 8 units across). */
const EMBLEMS = [
  '<circle r="4"/>',
  '<circle r="4" fill="none" stroke="#fff" stroke-width="2"/>',
  '<path d="M0-5 1.5-1.5 5-1.5 2.2.8 3.2 4.5 0 2.3-3.2 4.5-2.2.8-5-1.5-1.5-1.5z"/>',
  '<path d="M-4 2 0-3 4 2" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>',
  '<path d="M-1.2-4.5h2.4v3.3h3.3v2.4H1.2v3.3h-2.4V1.2h-3.3v-2.4h3.3z"/>',
  '<path d="M0-5 4 0 0 5-4 0z"/>',
  '<path d="M-4-3h8v2h-8zM-4 1h8v2h-8z"/>',
  '<path d="M0-4.5 4.5 3.5h-9z"/>',
];

/** HSL (degrees, 0..1, 0..1) to #rrggbb. */
function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/**
 * An item: its glyph in the variant's body colour on a backdrop badge ringed in its rarity colour,
 * over a rarity glow, with the variant's emblem on a medallion in the corner. Without a variant
 * (paths stored before variants existed) the glyph is lit in the rarity colour alone.
 */
export function itemSvg(color: Rarity, glyph: Glyph, variant?: ItemVariant): string {
  const c = RARITY_COLORS[color];
  if (!variant) {
    return svg(`
  <defs>
    <radialGradient id="glow" cx="50%" cy="55%" r="50%"><stop offset="0" stop-color="${c}" stop-opacity=".75"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>
    <linearGradient id="fill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset=".35" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.45)}"/></linearGradient>
  </defs>
  <ellipse cx="50" cy="56" rx="46" ry="40" fill="url(#glow)"/>
  <g fill="url(#fill)" stroke="${shade(c, -0.6)}" stroke-width="1.5" stroke-linejoin="round">${GLYPHS[glyph]}</g>`);
  }
  const hue = (variant.hue * 360) / ITEM_HUES;
  const body = hsl(hue, 0.72, 0.56);
  const deep = hsl(hue, 0.6, 0.24);
  const back = hsl(hue, 0.35, 0.16);
  const backdrop = BACKDROPS[variant.backdrop % BACKDROPS.length] ?? BACKDROPS[0];
  const emblem = EMBLEMS[variant.emblem % EMBLEMS.length] ?? EMBLEMS[0];
  return svg(`
  <defs>
    <radialGradient id="glow" cx="50%" cy="55%" r="50%"><stop offset="0" stop-color="${c}" stop-opacity=".7"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>
    <linearGradient id="fill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(body, 0.7)}"/><stop offset=".4" stop-color="${body}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
    <linearGradient id="back" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(back, 0.15)}"/><stop offset="1" stop-color="${shade(back, -0.4)}"/></linearGradient>
  </defs>
  <ellipse cx="50" cy="54" rx="50" ry="46" fill="url(#glow)"/>
  <g fill="url(#back)" stroke="${c}" stroke-width="3" stroke-linejoin="round" opacity=".92">${backdrop}</g>
  <g transform="translate(12 13) scale(.76)" fill="url(#fill)" stroke="${shade(deep, -0.5)}" stroke-width="2" stroke-linejoin="round">${GLYPHS[glyph]}</g>
  <circle cx="80" cy="80" r="11" fill="${c}" stroke="${shade(c, -0.55)}" stroke-width="2"/>
  <g transform="translate(80 80)" fill="#fff">${emblem}</g>`);
}

/** A case: a crate in two theme colours with its emblem on the front. */
export function caseSvg(a: string, b: string, glyph: Glyph): string {
  const ca = `#${a}`;
  const cb = `#${b}`;
  return svg(`
  <defs>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(ca, 0.25)}"/><stop offset="1" stop-color="${shade(cb, -0.25)}"/></linearGradient>
    <linearGradient id="lid" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(ca, 0.45)}"/><stop offset="1" stop-color="${ca}"/></linearGradient>
    <radialGradient id="glow" cx="50%" cy="60%" r="55%"><stop offset="0" stop-color="${ca}" stop-opacity=".55"/><stop offset="1" stop-color="${ca}" stop-opacity="0"/></radialGradient>
  </defs>
  <ellipse cx="50" cy="58" rx="50" ry="42" fill="url(#glow)"/>
  <ellipse cx="50" cy="88" rx="38" ry="5" fill="rgba(0,0,0,.35)"/>
  <rect x="14" y="38" width="72" height="48" rx="6" fill="url(#body)" stroke="${shade(cb, -0.55)}" stroke-width="2"/>
  <path d="M10 30q0-8 8-8h64q8 0 8 8v12H10z" fill="url(#lid)" stroke="${shade(cb, -0.55)}" stroke-width="2"/>
  <rect x="10" y="40" width="80" height="5" fill="rgba(0,0,0,.3)"/>
  <rect x="44" y="36" width="12" height="14" rx="2" fill="${shade(ca, 0.6)}" stroke="${shade(cb, -0.55)}" stroke-width="1.5"/>
  <g transform="translate(33 52) scale(.34)" fill="rgba(255,255,255,.88)" stroke="rgba(0,0,0,.25)" stroke-width="3">${GLYPHS[glyph]}</g>
  <path d="M18 26h30" stroke="rgba(255,255,255,.55)" stroke-width="3" stroke-linecap="round"/>`);
}

/** The bot's avatar for battle seats. */
export function botSvg(): string {
  return svg(`
  <rect width="100" height="100" rx="20" fill="#1e2636"/>
  <rect x="22" y="30" width="56" height="44" rx="12" fill="#4159CF"/>
  <circle cx="39" cy="50" r="7" fill="#e2e8f0"/><circle cx="61" cy="50" r="7" fill="#e2e8f0"/>
  <rect x="38" y="62" width="24" height="4" rx="2" fill="#0f1422"/>
  <path d="M50 30V18" stroke="#91A0B1" stroke-width="4"/><circle cx="50" cy="16" r="5" fill="#BF4141"/>`);
}

/** Players without a picture (DEFAULT_AVATAR_PATH): a plain silhouette. */
export function defaultAvatarSvg(): string {
  return svg(`
  <rect width="100" height="100" rx="20" fill="#1e2636"/>
  <circle cx="50" cy="40" r="17" fill="#91A0B1"/>
  <path d="M18 88c3-18 16-28 32-28s29 10 32 28z" fill="#91A0B1"/>`);
}

export function parseCaseArt(file: string): { a: string; b: string; glyph: Glyph } | null {
  const m = /^([0-9a-f]{6})-([0-9a-f]{6})-([a-z]+)\.svg$/.exec(file);
  if (!m?.[1] || !m[2] || !m[3] || !HEX6.test(m[1]) || !isGlyph(m[3])) return null;
  return { a: m[1], b: m[2], glyph: m[3] };
}

export function parseItemArt(file: string): { color: Rarity; glyph: Glyph; variant?: ItemVariant } | null {
  const m = /^(grey|blue|purple|red|gold)-([a-z]+)(?:-([0-9a-f]{6}))?\.svg$/.exec(file);
  if (!m?.[1] || !m[2] || !isGlyph(m[2])) return null;
  if (!m[3]) return { color: m[1] as Rarity, glyph: m[2] };
  const [hue, backdrop, emblem] = [0, 2, 4].map((i) => Number.parseInt(m[3]?.slice(i, i + 2) ?? '0', 16)) as [
    number,
    number,
    number,
  ];
  if (hue >= ITEM_HUES || backdrop >= ITEM_BACKDROPS || emblem >= ITEM_EMBLEMS) return null;
  return { color: m[1] as Rarity, glyph: m[2], variant: { hue, backdrop, emblem } };
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="200" height="200">${body}</svg>`;
}

/** Lightens (amount > 0) or darkens (< 0) a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (v: number) =>
    Math.round(amount >= 0 ? v + (255 - v) * amount : v * (1 + amount))
      .toString(16)
      .padStart(2, '0');
  return `#${channel((n >> 16) & 255)}${channel((n >> 8) & 255)}${channel(n & 255)}`;
}
