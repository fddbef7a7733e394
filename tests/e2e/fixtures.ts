import AxeBuilder from "@axe-core/playwright";
import { type Page, test as base, expect } from "@playwright/test";

/** Fails the test on any WCAG 2.1 AA violation on the page as it is now. */
export async function expectAccessible(page: Page) {
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
