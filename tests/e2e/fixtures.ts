import AxeBuilder from "@axe-core/playwright";
import { type Page, test as base, expect } from "@playwright/test";

/** Fails the test on any WCAG 2.1 AA violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Judge the page at rest: a navigation still dimming the grid or a toast still fading in would
  // be measured at half opacity and fail contrast for a state no one reads.
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(summary, "accessibility violations").toEqual([]);
}

/** Waits until React has hydrated the page, so clicks reach client-side handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __shopHydrated?: boolean }).__shopHydrated === true);
}

export const test = base;
export { expect };
