import zlib from "node:zlib";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

test.describe("home page", () => {
  test("renders the banner (or hero), categories, deals and a row per category", async ({ page, request }) => {
    const categories = (await (await request.get("/api/categories")).json()).data as Array<{ name: string; slug: string; productCount: number }>;
    const banners = (await (await request.get("/api/banners")).json()).data as unknown[];
    await page.goto("/");
    await waitForHydration(page);

    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    if (banners.length > 0) {
      await expect(page.getByRole("region", { name: "Featured" })).toBeVisible();
      await expect(page.getByTestId("banner-slide").first()).toBeVisible();
    } else {
      await expect(page.getByRole("link", { name: /Shop all products/ })).toBeVisible();
    }

    const byCategory = page.getByRole("region", { name: "Shop by category" });
    for (const c of categories) {
      await expect(byCategory.getByRole("link", { name: new RegExp(`^${c.name}`) })).toHaveAttribute("href", `/product-category/${c.slug}`);
    }

    const deals = page.getByRole("region", { name: "On sale now" });
    await expect(deals.getByTestId("product-card").first()).toBeVisible();
    await expect(deals.getByTestId("original-price").first()).toBeVisible();

    // Every category with products has its row (the demo shop has ten; the page once stopped at six).
    const withProducts = categories.filter((x) => x.productCount > 0);
    for (const c of withProducts) {
      const row = page.getByRole("region", { name: c.name, exact: true });
      await expect(row.getByTestId("product-card").first()).toBeVisible();
      await expect(row.getByRole("link", { name: new RegExp(`^Shop all.*${c.name}`) })).toHaveAttribute("href", `/product-category/${c.slug}`);
    }
    await expect(page.locator('section[aria-labelledby^="home-category-"]')).toHaveCount(withProducts.length);

    // The free-shipping promise says what the checkout does: an order of exactly $75.00 ships free.
    const settings = (await (await request.get("/api/settings")).json()) as { freeShippingThreshold: number };
    const threshold = `$${settings.freeShippingThreshold.toFixed(2)}`;
    await expect(page.getByRole("banner")).toContainText(`Free shipping on orders of ${threshold} or more`);
    await expect(page.getByRole("main")).toContainText(`On orders of ${threshold} or more`);
    await expect(page.locator("body")).not.toContainText("orders over");
    await expectAccessible(page);
  });

  test("the banner carousel can be paused and moved, and its dots say where you are", async ({ page, request }) => {
    const banners = (await (await request.get("/api/banners")).json()).data as Array<{ title: string }>;
    // The demo shop has five banners (its seed test says so); fewer would leave nothing to move.
    expect(banners.length).toBeGreaterThanOrEqual(2);
    await page.goto("/");
    await waitForHydration(page);
    const carousel = page.getByRole("region", { name: "Featured" });
    const slides = carousel.getByTestId("banner-slide");
    await expect(slides.nth(0)).toBeVisible();
    await expect(slides.nth(0).locator("img")).toHaveAttribute("loading", "eager");
    await expect(slides.nth(1).locator("img")).toHaveAttribute("loading", "lazy");

    await carousel.getByRole("button", { name: "Pause slideshow" }).click();
    await expect(carousel.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(slides.nth(1)).toBeVisible();
    await expect(slides.nth(0)).toBeHidden();
    await expect(carousel.getByRole("button", { name: new RegExp(`^Slide 2 of ${banners.length}`) })).toHaveAttribute("aria-current", "true");
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(slides.nth(0)).toBeVisible();
    await carousel.getByRole("button", { name: new RegExp(`^Slide ${banners.length} of`) }).click();
    await expect(slides.nth(banners.length - 1)).toBeVisible();
    await expectAccessible(page);
  });

  test("the first banner names the demo's welcome code and toy offer, in the page's language", async ({ page }) => {
    for (const [path, words] of [
      ["/", ["Welcome Offers", "WELCOME10", "10% off orders of $50 or more", "buy 2 toys"]],
      ["/de", ["Willkommensangebote", "WELCOME10", "10 % ab 50 $ Bestellwert", "2 Spielzeuge"]],
    ] as const) {
      await page.goto(path);
      const first = page.getByTestId("banner-slide").first();
      for (const text of words) await expect(first).toContainText(text);
      await expect(first.getByRole("link").first()).toHaveAttribute("href", /\/product-category\/toys-games$/);
    }
  });

  // The design's target is 130 KB; the pages' messages runtime (docs/decisions/0051) costs about
  // 3 KB on every page, which the search box's suggestions loading on intent is to win back.
  test("loads under 134 KB of JavaScript (gzip)", async ({ page }) => {
    const sizes = new Map<string, number>();
    page.on("response", async (res) => {
      if (res.request().resourceType() === "script" || res.url().endsWith(".js")) {
        const body = await res.body().catch(() => null);
        if (body) sizes.set(res.url(), zlib.gzipSync(body, { level: 9 }).length);
      }
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.waitForTimeout(500);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    expect(total / 1024, [...sizes].map(([u, s]) => `${(s / 1024).toFixed(1)} KB ${u}`).join("\n")).toBeLessThan(134);
  });

  test.describe("without JavaScript", () => {
    // (axe needs JavaScript in the page; the same markup is checked in the tests above.) A person's
    // browser: the test browser's "HeadlessChrome" counts as a bot, which the server renders apart.
    test.use({ javaScriptEnabled: false, userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" });

    test("shows the first banner and every section with its products, without carousel controls", async ({ page, request }) => {
      const categories = (await (await request.get("/api/categories")).json()).data as Array<{ name: string; productCount: number }>;
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const slides = page.getByTestId("banner-slide");
      if ((await slides.count()) > 0) {
        await expect(slides.first()).toBeVisible();
        for (let i = 1; i < (await slides.count()); i++) await expect(slides.nth(i)).toBeHidden();
      }
      await expect(page.getByTestId("carousel-controls")).toHaveCount(0);
      // Products are in the first HTML, never in a streamed fragment that only a script reveals.
      await expect(page.getByRole("region", { name: "On sale now" }).getByTestId("product-card").first()).toBeVisible();
      for (const c of categories.filter((x) => x.productCount > 0)) {
        await expect(page.getByRole("region", { name: c.name, exact: true }).getByTestId("product-card").first()).toBeVisible();
      }
    });
  });
});
