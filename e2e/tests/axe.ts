import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Accessibility (issue 18 §6): axe-core in Chromium finds no violation of impact serious or critical.
 * Moderate and minor findings are not gated here.
 */

const GATED = new Set(['serious', 'critical']);

/** Waits for Mantine's open transitions to end, so axe does not read colours mid-fade. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Runs axe on the page as it is and fails, softly, listing every serious or critical finding. */
export async function expectAccessible(page: Page, screen: string, waitFor?: Locator) {
  if (waitFor) await expect(waitFor).toBeVisible();
  await page.waitForLoadState('networkidle');
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations
    .filter((v) => GATED.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => {
        // color-contrast says which colours it measured: 'fg on bg = ratio'
        const c = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
        const colours = c?.fgColor ? ` [${c.fgColor} on ${c.bgColor} = ${c.contrastRatio}:1]` : '';
        return `${v.id} (${v.impact}) at ${n.target.join(' > ')}${colours}: ${v.help} - ${n.html.slice(0, 120)}`;
      }),
    );
  expect.soft(found, `axe on ${screen}: serious or critical violations`).toEqual([]);
}
