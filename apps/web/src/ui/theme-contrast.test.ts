/// <reference types="node" />
// (a test run by Node: it reads the stylesheet itself, as the browser build would not hand it over)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../index.css', import.meta.url), 'utf8');

/**
 * The text colours of the theme (index.css) keep WCAG AA contrast, 4.5:1, on every surface a page
 * or a panel uses: a token darkened later fails here, before axe finds it page by page.
 */
const token = (name: string): string => {
  const m = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})`));
  if (!m?.[1]) throw new Error(`no --color-${name} in index.css`);
  return m[1];
};
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('theme text contrast', () => {
  const surfaces = ['ink-950', 'ink-900', 'ink-850', 'ink-800', 'ink-700'];
  for (const text of ['ink-400', 'ink-300', 'ink-200', 'accent-400', 'gold-400'])
    it(`${text} is readable (4.5:1) on ${surfaces.join(', ')}`, () => {
      const low = surfaces
        .map((s) => ({ s, ratio: contrast(token(text), token(s)) }))
        .filter((r) => r.ratio < 4.5)
        .map((r) => `${r.s} ${r.ratio.toFixed(2)}:1`);
      expect(low, `${text} (${token(text)}) is below 4.5:1 on`).toEqual([]);
    });

  it('the muted text (ink-400) stays darker than the secondary text (ink-300): the hierarchy holds', () => {
    expect(luminance(token('ink-400'))).toBeLessThan(luminance(token('ink-300')));
  });
});
