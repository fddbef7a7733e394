import { renderToString as renderPage } from "react-dom/server";
import { renderToString } from "react-dom/server.bun";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { siteSettingsSchema } from "#common/content/content.schema";
import { renderFragmentsWith } from "../lib/html-fragments";
import { withLanguage } from "#tests/support/page-language";
import type { Language } from "#common/i18n/languages";
import { type CardData, ProductGrid } from "./product-card";

const settings = siteSettingsSchema.parse({ currency: "EUR", locale: "de-DE" });

const card = (n: number, over: Partial<CardData> = {}): CardData => ({
  _id: `p${n}`,
  name: `Linen Shirt ${n} & "Co" <b>`,
  slug: `linen-shirt-${n}`,
  price: 40 + n,
  discount: n % 2 ? 25 : 0,
  finalPrice: n % 2 ? 30 + n : 40 + n,
  priceVaries: n === 3,
  image: n === 4 ? [] : [`/uploads/products/linen-shirt-${n}-abc123.webp`],
  category: "Men's Fashion",
  subCategory: n === 2 ? null : "Shirts",
  inStock: n !== 5,
  rating: n === 1 ? { average: 4.3, count: 12 } : { average: null, count: 0 },
  ...over,
});

/** The grid as the server renders it inside a page, with the shop's settings and the shopper's wishlist. */
function renderGrid(products: CardData[], wishlist: string[], priorityCount = 0, language: Language = "de"): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      loader: () => ({ settings }),
      children: [
        {
          id: "routes/storefront-layout",
          Component: Outlet,
          loader: () => ({ cart: null, wishlist }),
          children: [{ id: "grid", index: true, Component: () => <ProductGrid products={products} priorityCount={priorityCount} /> }],
        },
      ],
    },
  ]);
  return renderPage(
    withLanguage(
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { settings }, "routes/storefront-layout": { cart: null, wishlist } } }} />,
      language,
    ),
  );
}

afterEach(() => renderFragmentsWith(null));

describe("product tiles from the server's fragment cache", () => {
  const products = [1, 2, 3, 4, 5, 6].map((n) => card(n));

  it("are the markup the tiles render in place, byte for byte (what hydration needs)", () => {
    const inPlace = renderGrid(products, ["p2"], 1);
    let rendered = 0;
    renderFragmentsWith((node) => {
      rendered += 1;
      return renderToString(node);
    });
    const first = renderGrid(products, ["p2"], 1);
    expect(rendered).toBe(5); // the five tiles after the priority one
    const fromCache = renderGrid(products, ["p2"], 1);
    expect(rendered).toBe(5);
    expect(first).toBe(inPlace);
    expect(fromCache).toBe(inPlace);
    // What the tiles show is there, in the page's language: prices in the shop's format, the saved
    // heart, the escaped name, links under /de.
    expect(inPlace).toContain("31,00\u00a0€");
    expect(inPlace).toMatch(/aria-pressed="true"[^>]*><span class="sr-only">Linen Shirt 2 &amp; &quot;Co&quot; &lt;b&gt; von der Wunschliste entfernen/);
    expect(inPlace).toContain('href="/de/products/linen-shirt-2"');
    expect(inPlace).toContain('<span class="sr-only">Statt </span>41,00');
    expect(inPlace.match(/data-testid="product-card"/g)).toHaveLength(6);
  });

  it("never serve a tile as it was: a new price, a heart taken off or a product sold out is new markup", () => {
    renderFragmentsWith(renderToString);
    const before = renderGrid([card(1)], ["p1"]);
    expect(before).toContain("31,00\u00a0€");
    expect(before).toContain('aria-pressed="true"');
    const after = renderGrid([card(1, { finalPrice: 27, inStock: false })], []);
    expect(after).toContain("27,00\u00a0€");
    expect(after).not.toContain("31,00\u00a0€");
    expect(after).toContain('aria-pressed="false"');
    expect(after).toContain("Ausverkauft");
    renderFragmentsWith(null);
    expect(renderGrid([card(1, { finalPrice: 27, inStock: false })], [])).toBe(after);
  });

  it("are kept per language: a French page gets French tiles, even once the German ones are cached", () => {
    renderFragmentsWith(renderToString);
    const tile = [card(5)];
    expect(renderGrid(tile, [], 0, "de")).toContain("Ausverkauft");
    const french = renderGrid(tile, [], 0, "fr");
    expect(french).toContain(">Épuisé<");
    expect(french).toContain("Ajouter Linen Shirt 5 &amp; &quot;Co&quot; &lt;b&gt; à la liste d’envies");
    expect(french).toContain('href="/fr/products/linen-shirt-5"');
    expect(french).toContain('<span class="sr-only">Au lieu de </span>');
    expect(french).not.toContain("Ausverkauft");
  });

  it("show a rated product's stars and number of reviews, named in the page's language, and nothing for an unrated one", () => {
    renderFragmentsWith(renderToString);
    const german = renderGrid([card(1), card(2)], [], 0, "de");
    expect(german).toContain('aria-label="4,3 von 5 Sternen, 12 Bewertungen"');
    expect(german).toContain("--stars:86%");
    expect(german.match(/class="stars /g)).toHaveLength(1);
    expect(renderGrid([card(1)], [], 0, "fr")).toContain('aria-label="4,3 étoiles sur 5, 12 avis"');
    // A new rating is new markup, not the cached tile.
    expect(renderGrid([card(1, { rating: { average: 4.5, count: 13 } })], [], 0, "de")).toContain("4,5 von 5 Sternen, 13 Bewertungen");
  });

  it("render a priority tile in place, so React still preloads its picture", () => {
    renderFragmentsWith(renderToString);
    const html = renderGrid(products, [], 2);
    // React puts a preload for each high-priority picture before the page's markup.
    expect(html.match(/<link rel="preload" as="image"/g)).toHaveLength(2);
    expect(html.match(/fetchPriority="high"|fetchpriority="high"/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
