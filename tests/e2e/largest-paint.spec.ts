import { expect, test, waitForHydration } from "./fixtures";

// The largest paint of the home page (the first banner), a listing (the first tiles) and a product
// page (the first picture) must not wait for anything: named in the server's HTML, preloaded from its
// head with high priority, never lazy, sized for a phone, and not faded in.

const tags = (html: string, pattern: RegExp) => html.match(pattern) ?? [];
const attr = (tag: string | undefined, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag ?? "")?.[1];
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const imagePreloads = (html: string) => tags(headOf(html), /<link rel="preload" as="image"[^>]*>/g);

/** A phone like Lighthouse's: 412 CSS pixels wide at 1.75 device pixels each. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

test.describe("the largest paint of each page comes first", () => {
  test("home: the first banner is preloaded from the head, in AVIF at a phone's width, and its <img> is eager", async ({ request }) => {
    const [first] = (await (await request.get("/api/banners")).json()).data as Array<{ image: string }>;
    const base = first.image.replace(/\.webp$/, "");
    const html = await (await request.get("/")).text();

    const preloads = imagePreloads(html);
    expect(preloads).toHaveLength(1);
    expect(attr(preloads[0], "fetchPriority")).toBe("high");
    expect(attr(preloads[0], "type")).toBe("image/avif");
    expect(attr(preloads[0], "imageSrcSet")).toContain(`${base}-828.avif 828w`);
    expect(attr(preloads[0], "imageSizes")).toMatch(/100vw$/);
    // Ahead of every script: the picture starts with the stylesheet.
    expect(html.indexOf(preloads[0]!)).toBeLessThan(html.indexOf('rel="modulepreload"'));

    const slide = /<div[^>]*data-testid="banner-slide"[^>]*>/.exec(html)![0];
    expect(slide).not.toContain("hidden");
    expect(attr(slide, "class")).not.toContain("animate-fade-in");
    const img = new RegExp(`<img[^>]*${base}[^>]*>`).exec(html)![0];
    expect(attr(img, "loading")).toBe("eager");
    expect(attr(img, "fetchPriority")).toBe("high");
    expect(attr(img, "decoding")).toBe("async");
    expect(html).toContain(`<source type="image/avif" srcSet="${attr(preloads[0], "imageSrcSet")}"`);
  });

  test("home on a phone: the banner is the largest paint, from the 828 px AVIF, and nothing moves when scripts arrive", async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByTestId("carousel-controls")).toBeVisible();
    const seen = await page.evaluate(
      () =>
        new Promise<{ lcp: string; lcpUrl: string; shift: number; src: string }>((resolve) => {
          let lcp = "";
          let lcpUrl = "";
          let shift = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Array<PerformanceEntry & { element?: Element; url?: string }>) {
              lcp = e.element?.closest('[data-testid="banner-slide"]') ? "banner" : (e.element?.outerHTML.slice(0, 80) ?? "");
              lcpUrl = e.url ?? "";
            }
          }).observe({ type: "largest-contentful-paint", buffered: true });
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) shift += e.value;
          }).observe({ type: "layout-shift", buffered: true });
          const img = document.querySelector<HTMLImageElement>('[data-testid="banner-slide"] img')!;
          setTimeout(() => resolve({ lcp, lcpUrl, shift, src: img.currentSrc }), 300);
        }),
    );
    expect(seen.lcp).toBe("banner");
    expect(seen.src).toMatch(/-828\.avif$/);
    expect(seen.lcpUrl).toBe(seen.src);
    expect(seen.shift).toBeLessThan(0.01);
    await context.close();
  });

  test("home without JavaScript still shows the banner", async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const img = page.getByTestId("banner-slide").first().locator("img");
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : ""))).toMatch(/-828\.avif$/);
    await context.close();
  });

  test("a listing fetches a phone's first row first and the rest lazily", async ({ request }) => {
    // Dearest first: the demo's pictured products, ahead of the cheap ones without pictures that
    // other tests of this shop add while this one runs.
    const html = await (await request.get("/product-category?sort=price-desc")).text();
    // Each tile's picture, or undefined for a product without one.
    const cards = html
      .split('data-testid="product-card"')
      .slice(1)
      .map((card) => /<img[^>]*>/.exec(card.slice(0, card.indexOf("</article>")))?.[0]);
    expect(cards.length).toBeGreaterThan(4);
    const first = cards.slice(0, 2).filter((img) => img !== undefined);
    expect(first.length).toBeGreaterThan(0);
    for (const img of first) {
      expect(attr(img, "loading")).toBe("eager");
      expect(attr(img, "fetchPriority")).toBe("high");
    }
    for (const img of cards.slice(2)) if (img) expect(attr(img, "loading")).toBe("lazy");
    const preloads = imagePreloads(html);
    expect(preloads.map((l) => attr(l, "imageSrcSet"))).toEqual(first.map((img) => attr(img, "srcSet")));
    for (const l of preloads) expect(attr(l, "fetchPriority")).toBe("high");
  });

  test("a product page fetches its first picture first", async ({ request }) => {
    // A demo product with pictures (other tests of this shop add products without any).
    const products = (await (await request.get("/api/products?limit=24")).json()).data as Array<{ slug: string; image: string[] }>;
    const product = products.find((p) => p.image.length > 0)!;
    const html = await (await request.get(`/products/${product.slug}`)).text();
    const gallery = html.slice(html.indexOf('data-testid="gallery"'));
    const [first, ...others] = tags(gallery.slice(0, gallery.indexOf("</ul>")), /<img[^>]*>/g);
    expect(attr(first, "loading")).toBe("eager");
    expect(attr(first, "fetchPriority")).toBe("high");
    for (const img of others) expect(attr(img, "loading")).toBe("lazy");
    const preloads = imagePreloads(html);
    expect(preloads).toHaveLength(1);
    expect(attr(preloads[0], "imageSrcSet")).toBe(attr(first, "srcSet"));
    expect(attr(preloads[0], "fetchPriority")).toBe("high");
  });
});
