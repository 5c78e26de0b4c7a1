import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core's violations on `page`, or on the elements `scope` selects. Run as `axe.run` in the page
 * itself (the package's legacy mode): its default runs each frame apart and then opens a blank page
 * of its own to merge the results, once per scan. The accessibility file makes 92 scans: 305 s of
 * scanning and 165 s alone with that page, 143 s and 105 s without. Our pages' frames are our own
 * origin, which axe.run reaches from the top frame (docs/decisions/testing.md, stop 39).
 */
export async function axeViolations(page: Page, scope?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (scope) builder.include(scope);
  return (await builder.analyze()).violations;
}
