import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Category } from "#modules/catalog";
import { siteSettingsSchema } from "#common/content/content.schema";
import type { Language } from "#common/i18n/languages";
import { translatorFor } from "#common/i18n/messages.server";
import { inPage, withLanguage } from "#tests/support/page-language";
import { Breadcrumbs } from "./breadcrumbs";
import { ListingFilters, SortSelect } from "./listing-filters";
import { parseListing } from "./listing-query.server";
import { Pagination } from "./pagination";

const settings = siteSettingsSchema.parse({ currency: "EUR" });
const categories: Category[] = [
  { _id: "c1", name: "Kitchen", slug: "kitchen", image: null, order: 0, productCount: 1, subCategories: [] },
  { _id: "c2", name: "Garden", slug: "garden", image: null, order: 1, productCount: 7, subCategories: [] },
];

/** A listing's filter panel and sort order as the page at `path` in `language` shows them (with the shop's settings for money). */
function renderFilters(language: Language, path: string): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      loader: () => ({ settings }),
      children: [
        {
          id: "listing",
          path: "*",
          Component: () => (
            <>
              <ListingFilters
                action={path}
                categories={categories}
                category={null}
                subCategory={null}
                minPrice=""
                maxPrice=""
                sort="newest"
                priceBounds={{ min: 4.5, max: 120 }}
                activeCount={2}
                invalid={[]}
                keepQuery="?sort=discount"
              />
              <SortSelect value="newest" />
            </>
          ),
        },
      ],
    },
  ]);
  return renderToString(withLanguage(<Stub initialEntries={[path]} hydrationData={{ loaderData: { root: { settings } } }} />, language));
}

describe("a listing's controls in the page's language", () => {
  it("page through the listing in French, under /fr, keeping the query", () => {
    const html = renderToString(inPage(<Pagination page={2} totalPages={5} />, { language: "fr", path: "/product-category/kitchen?sort=discount" }));
    expect(html).toContain('aria-label="Pagination"');
    expect(html).toMatch(/Page (<!-- -->)?2(<!-- -->)? sur (<!-- -->)?5|Page 2 sur 5/);
    expect(html).toContain(">Précédent<");
    expect(html).toContain(">Suivant<");
    expect(html).toContain('aria-label="Page 3"');
    expect(html).toContain('href="/fr/product-category/kitchen?page=3&amp;sort=discount"');
    expect(html).toContain('href="/fr/product-category/kitchen?sort=discount"');
    expect(html).not.toContain("Previous");
  });

  it("page through it in German, and in English at the spec's addresses", () => {
    const german = renderToString(inPage(<Pagination page={1} totalPages={3} />, { language: "de", path: "/search?q=tee" }));
    expect(german).toContain("Seite 1 von 3");
    expect(german).toContain(">Weiter<");
    expect(german).toContain('href="/de/search?page=2&amp;q=tee"');
    const english = renderToString(inPage(<Pagination page={1} totalPages={3} />, { language: "en", path: "/search?q=tee" }));
    expect(english).toContain("Page 1 of 3");
    expect(english).toContain('href="/search?page=2&amp;q=tee"');
  });

  it("filter and sort in German: labels, counts and category links under /de", () => {
    const html = renderFilters("de", "/de/product-category");
    for (const text of [">Filter<", ">Kategorie<", ">Alle Produkte<", ">Preis<", "Mindestpreis", "Höchstpreis", "Filter anwenden", "Sortieren nach"])
      expect(html).toContain(text);
    expect(html).toContain("Von 4,50\u00a0€ bis 120,00\u00a0€, nach Rabatten");
    expect(html).toContain("(1 Produkt)");
    expect(html).toContain("(7 Produkte)");
    expect(html).toContain(" aktiv<");
    expect(html).toContain('href="/de/product-category/garden?sort=discount"');
    expect(html).toContain('href="/de/product-category?sort=discount"');
    expect(html).toMatch(/<option value="price-asc"[^>]*>Preis: aufsteigend<\/option>/);
    expect(html).toMatch(/<option value="discount"[^>]*>Höchster Rabatt<\/option>/);
  });

  it("filter and sort in Spanish and French", () => {
    const spanish = renderFilters("es", "/es/product-category");
    expect(spanish).toContain(">Filtros<");
    expect(spanish).toContain("Aplicar filtros");
    expect(spanish).toMatch(/>Precio: de menor a mayor<\/option>/);
    expect(spanish).toContain('href="/es/product-category/kitchen?sort=discount"');
    const french = renderFilters("fr", "/fr/product-category");
    expect(french).toContain("Trier par");
    expect(french).toMatch(/>Nouveautés<\/option>/);
    expect(french).toContain(" actifs<");
  });

  it("lead the breadcrumbs home in the page's language", () => {
    const html = renderToString(
      inPage(
        <Breadcrumbs
          items={[
            { name: "Startseite", href: "/" },
            { name: "Kitchen", href: "/product-category/kitchen" },
            { name: "Pan", href: "/products/pan" },
          ]}
        />,
        { language: "de", path: "/products/pan" },
      ),
    );
    expect(html).toContain('aria-label="Brotkrumen-Navigation"');
    expect(html).toContain('href="/de"');
    expect(html).toContain('href="/de/product-category/kitchen"');
    expect(html).not.toContain('href="/products/pan"');
  });
});

describe("a listing's rejected filters", () => {
  const parse = (qs: string, language: Language) => parseListing("kitchen", new URLSearchParams(qs), categories, translatorFor(language)).errors;

  it("are told in the page's language, with its quotation marks and number format", () => {
    expect(parse("minPrice=abc", "de")).toEqual(["Der Mindestpreis „abc“ ist ungültig: Gib einen Betrag von 0 bis 10.000.000 ein."]);
    expect(parse("sort=cheapest", "fr")).toEqual(["Tri « cheapest » inconnu ; les nouveautés s’affichent en premier."]);
    expect(parse("subCategory=pans", "es")).toEqual(["No existe la subcategoría «pans» en Kitchen; te mostramos todo Kitchen."]);
    expect(parse("minPrice=30&maxPrice=20", "de")).toEqual(["Der Mindestpreis darf nicht höher sein als der Höchstpreis."]);
  });

  it("stay in the English they had", () => {
    expect(parse("minPrice=abc", "en")).toEqual(["The minimum price “abc” is not valid: enter an amount from 0 to 10,000,000."]);
    expect(parse("page=zero", "en")).toEqual(["There is no page “zero”; showing the first page."]);
  });
});
