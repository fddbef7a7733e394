import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Locator, type Page, type TestInfo, test as base, expect } from "@playwright/test";

/** Fails the test on any WCAG 2.1 AA violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Judge the page at rest: a navigation still dimming the grid or a toast still fading in would
  // be measured at half opacity and fail contrast for a state no one reads.
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        // A toast inserted but not yet mounted has not started its fade-in transition yet, so no
        // animation would be found running while it sits at opacity 0 (sonner's data-mounted).
        [...document.querySelectorAll("[data-sonner-toast]")].every(
          (t) => t.getAttribute("data-mounted") === "true" && t.getAttribute("data-removed") !== "true",
        ) &&
        // A toast pushed behind a newer one fades its text out (400 ms): measured halfway, its title
        // failed contrast (the cart spec, once in CI). What axe measures is each one's opacity now.
        [...document.querySelectorAll("[data-sonner-toast], [data-sonner-toast] > *")].every((el) => ["0", "1"].includes(getComputedStyle(el).opacity)) &&
        document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
  // Axe runs in the page itself (legacy mode): the shop has no frames, and the default mode opens a
  // second page per check to merge the frames' results, which was half of every check's time.
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).setLegacyMode(true).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

/** Waits until React has hydrated the page, so clicks reach client-side handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __shopHydrated?: boolean }).__shopHydrated === true);
}

export const test = base;
export { expect };

/**
 * axe needs scripts in the page, which a context without JavaScript refuses; so the page is checked
 * again, with the same cookies, in a context whose app scripts are blocked: what a no-JS visitor gets.
 */
export async function expectAccessibleWithoutScripts(browser: Browser, page: Page) {
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  await context.addCookies(await page.context().cookies());
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const copy = await context.newPage();
  await copy.goto(page.url());
  await expectAccessible(copy);
  await context.close();
}

/** Opens a product page by its slug and waits until it can be used. */
export async function openProductPage(page: Page, product: { slug: string; name: string }) {
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await waitForHydration(page);
}

/**
 * A screenshot to look at, kept with the test's output: a page (a dialog as the screen shows it,
 * the rest as the whole page) or one part of it. CI takes none (nobody opens them there) unless
 * E2E_SHOTS=1.
 */
export async function shot(target: Page | Locator, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  if (process.env.CI && process.env.E2E_SHOTS !== "1") return;
  const path = testInfo.outputPath(`${name}.png`);
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
