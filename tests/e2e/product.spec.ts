import { type Locator, type Page, request as playwrightRequest } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { createCustomer, newCustomer } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

const TEE = "Classic Cotton T-Shirt";

function amount(text: string): number {
  const match = text.replace(/,/g, "").match(/\d+(?:\.\d+)?/);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[0]);
}

/** Finds a product the way a shopper would: the search page, then its card. */
async function openProduct(page: Page, name: string) {
  await page.goto("/search");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByLabel("Search products").fill(name);
  await main.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=/);
  await main.getByTestId("product-card").getByRole("link", { name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await waitForHydration(page);
}

const shownPrice = async (page: Page) => amount((await page.getByTestId("product-price").getByTestId("final-price").textContent())!);
const listPrice = async (page: Page) => {
  const box = page.getByTestId("product-price");
  const original = box.getByTestId("original-price");
  return amount((await ((await original.count()) ? original : box.getByTestId("final-price")).textContent())!);
};

/** Picks a radio option by clicking its visible label (the input itself is visually hidden). */
async function choose(group: Locator, label: string | RegExp) {
  await group.getByText(label).first().click();
}

test.describe("product page", () => {
  test("a colour and size with an additional price change the shown price", async ({ page }) => {
    await openProduct(page, TEE);
    await expectAccessible(page);
    // The demo T-shirt should have a dearer size (XXL); if this one has none, try the other T-shirts found.
    const dearerSize = page
      .getByRole("group", { name: /^Size/ })
      .locator("label")
      .filter({ hasText: /\+\D?\d/ });
    if ((await dearerSize.count()) === 0) {
      await page.goto("/search?q=T-Shirt");
      const hrefs = await page
        .getByTestId("results")
        .getByTestId("product-card")
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      for (const href of hrefs) {
        await page.goto(href);
        if ((await dearerSize.count()) > 0) break;
      }
      await waitForHydration(page);
      await expectAccessible(page);
    }

    const colours = page.getByRole("group", { name: /^Colour/ });
    const sizes = page.getByRole("group", { name: /^Size/ });
    await expect(colours.getByRole("radio").first()).toBeAttached();
    await expect(sizes.getByRole("radio").first()).toBeAttached();

    // A size that costs more is labelled with its extra price, e.g. "+$2.00"; find a colour where it can be bought.
    const dearer = sizes
      .locator("label")
      .filter({ hasText: /\+\D?\d/ })
      .filter({ has: page.locator("input:not([disabled])") })
      .first();
    const colourLabels = colours.locator("label").filter({ has: page.locator("input:not([disabled])") });
    for (let i = 0; i < (await colourLabels.count()) && (await dearer.count()) === 0; i++) await colourLabels.nth(i).click();
    await expect(dearer, "a size with an additional price").toBeVisible();
    const extra = amount((await dearer.textContent())!.split("+")[1]);

    // Start from a size without a surcharge, then pick the dearer one.
    const plain = sizes
      .locator("label")
      .filter({ hasNotText: "+" })
      .filter({ has: page.locator("input:not([disabled])") })
      .first();
    await plain.click();
    const basePrice = await listPrice(page);
    const baseFinal = await shownPrice(page);

    await dearer.click();
    await expect(dearer.getByRole("radio")).toBeChecked();
    await expect.poll(() => listPrice(page)).toBeCloseTo(basePrice + extra, 2);
    expect(await shownPrice(page)).toBeGreaterThan(baseFinal);
    await expectAccessible(page);

    // Choosing another colour keeps a valid combination and a price.
    const otherColour = colours
      .locator("label")
      .filter({ has: page.locator("input:not([disabled]):not(:checked)") })
      .first();
    if (await otherColour.count()) {
      await otherColour.click();
      await expect(page.getByTestId("stock-status")).not.toHaveText(/Choose/);
    }
  });

  test("gallery thumbnails are labelled buttons; only the first picture loads eagerly", async ({ page }) => {
    // A product with several pictures, found through the T-shirts listing.
    await page.goto("/search?q=T-Shirt");
    const hrefs = await page
      .getByTestId("results")
      .getByTestId("product-card")
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    const gallery = page.getByTestId("gallery");
    for (const href of hrefs) {
      await page.goto(href);
      if ((await gallery.getByRole("button", { name: /^Show picture 2 of/ }).count()) > 0) break;
    }
    await waitForHydration(page);
    const pictures = gallery.locator("ul").first().locator("img");
    await expect(pictures.first()).toHaveAttribute("loading", "eager");
    await expect(pictures.first()).toHaveAttribute("fetchpriority", "high");
    const n = await pictures.count();
    for (let i = 1; i < n; i++) await expect(pictures.nth(i)).toHaveAttribute("loading", "lazy");
    expect(n, "a product with several pictures").toBeGreaterThan(1);
    {
      const second = gallery.getByRole("button", { name: `Show picture 2 of ${n}` });
      await second.focus();
      await page.keyboard.press("Enter");
      await expect(second).toHaveAttribute("aria-current", "true");
      await expect(gallery.getByRole("button", { name: `Show picture 1 of ${n}` })).not.toHaveAttribute("aria-current", "true");
      // The strip scrolled to the second picture.
      await expect
        .poll(() =>
          gallery
            .locator("ul")
            .first()
            .evaluate((el) => Math.round(el.scrollLeft / el.clientWidth)),
        )
        .toBe(1);
      await gallery.getByRole("button", { name: "Next picture" }).click();
      // Next goes on to the third picture, or wraps round to the first of two.
      const third = n >= 3 ? 3 : 1;
      await expect(gallery.getByRole("button", { name: `Show picture ${third} of ${n}` })).toHaveAttribute("aria-current", "true");
    }
    await expectAccessible(page);
  });

  test("quantity ignores values below 1; the cart form posts product, colour, size and quantity", async ({ page }) => {
    await openProduct(page, TEE);
    const quantity = page.getByLabel("Quantity");
    await expect(quantity).toHaveValue("1");
    await page.getByRole("button", { name: "One more" }).click();
    await expect(quantity).toHaveValue("2");
    await quantity.fill("0");
    await quantity.blur();
    await expect(quantity).toHaveValue("2");
    await quantity.fill("-4");
    await quantity.blur();
    await expect(quantity).toHaveValue("2");

    const form = page.getByTestId("buy-box");
    await expect(form).toHaveAttribute("method", "post");
    const fields = await form.evaluate((f: HTMLFormElement) => Object.fromEntries(new FormData(f).entries()));
    expect(Object.keys(fields).sort()).toEqual(["color", "productId", "quantity", "size"]);
    expect(fields.quantity).toBe("2");
    await expect(form.getByRole("button", { name: "Add to cart" })).toBeVisible();
    await expect(form.getByRole("button", { name: "Buy now" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Add ${TEE} to wishlist` })).toBeVisible();
  });

  test("breadcrumbs, description, specifications, related products and structured data", async ({ page }) => {
    await openProduct(page, TEE);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link").nth(1)).toHaveAttribute("href", /^\/product-category\//);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(TEE);
    await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
    await expect(page.getByTestId("description")).not.toBeEmpty();
    await expect(page.getByTestId("related").getByTestId("product-card").first()).toBeVisible();

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as Array<Record<string, any>>;
    const product = ld.find((x) => x["@type"] === "Product")!;
    expect(product.name).toBe(TEE);
    expect(product.image.length).toBeGreaterThan(0);
    for (const src of product.image) expect(src).toMatch(/^https?:\/\//);
    expect(product.description).not.toMatch(/</);
    expect(product.offers.priceCurrency).toMatch(/^[A-Z]{3}$/);
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    // The offer starts at the price the page opens on (an AggregateOffer when the sizes cost more).
    expect(Number(product.offers.lowPrice ?? product.offers.price)).toBe(await shownPrice(page));

    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+/);
    await expect(page).toHaveTitle(/ \| Classic Cotton T-Shirt$/);

    // The category breadcrumb leads back to the listing.
    await crumbs.getByRole("link").nth(1).click();
    await expect(page).toHaveURL(/\/product-category\//);
  });

  test("an unknown product answers 404 with the error page", async ({ page }) => {
    const res = await page.goto("/products/no-such-product-anywhere");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("a draft on the storefront", () => {
  test("staff who manage the catalogue preview it from its edit page, marked and uncached; shoppers and the sitemap never see it", async ({
    page,
    browser,
  }) => {
    const admin = await playwrightRequest.newContext({ baseURL: BASE_URL });
    expect((await admin.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers: { origin: BASE_URL } })).status()).toBe(200);
    const drafts = (await (await admin.get("/api/admin/products?status=draft&pageSize=1")).json()) as {
      data: Array<{ id: string; name: string; slug: string }>;
    };
    const draft = drafts.data[0]!;
    expect(draft).toBeTruthy();
    await admin.dispose();

    // A shopper: 404, before and after a member of staff looked at it.
    const anonymous = async () => {
      const shopper = await browser.newContext();
      const res = await shopper.request.get(`/products/${draft.slug}`);
      await shopper.close();
      return res.status();
    };
    expect(await anonymous()).toBe(404);

    await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers: { origin: BASE_URL } });
    await page.goto(`/admin-dashboard/edit-product/${draft.id}`);
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/products/${draft.slug}`)), page.getByTestId("view-on-shop").click()]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toContain("no-store");
    await expect(page.getByRole("heading", { level: 1, name: draft.name })).toBeVisible();
    await expect(page.getByTestId("preview-banner")).toHaveText(/^Draft — not visible to shoppers/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectAccessible(page);

    expect(await anonymous()).toBe(404);
    const customer = await browser.newContext();
    await createCustomer(customer.request, newCustomer("draft-peek"));
    expect((await customer.request.get(`/products/${draft.slug}`)).status()).toBe(404);
    await customer.close();
    expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(`/products/${draft.slug}`);
  });
});

test.describe("product page on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the page fits the screen and stays accessible", async ({ page }) => {
    await openProduct(page, TEE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
