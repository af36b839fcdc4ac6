import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on the current screen: no serious or critical violation is allowed. */
export async function expectAccessible(page: Page, screen: string, { soft = false } = {}) {
  // A menu or dialog still fading in has text at part opacity, which axe reads as low contrast: wait for
  // the finite animations and transitions (a spinner's endless one does not count) to end.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  // Soft: a test walking through many screens reports every screen's violations, not just the first.
  (soft ? expect.soft : expect)(blocking, `axe violations on ${screen}`).toEqual([]);
}
