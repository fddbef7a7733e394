import { renderToString as renderPage } from "react-dom/server";
import { renderToString } from "react-dom/server.bun";
import { afterEach, describe, expect, it } from "vitest";
import type { Category } from "#modules/catalog";
import { siteSettingsSchema } from "#common/content/content.schema";
import { CategoryGrid } from "../components/home/category-grid";
import { SiteFooter } from "../components/layout/site-footer";
import { renderFragmentsWith } from "./html-fragments";
import { inPage } from "#tests/support/page-language";

const settings = siteSettingsSchema.parse({ siteName: "Corner & Co", contactPhone: "+1 555 0100", socialLinks: { instagram: "https://instagram.com/corner" } });
const category = (n: number, over: Partial<Category> = {}): Category => ({
  _id: `c${n}`,
  name: `Kitchen ${n}`,
  slug: `kitchen-${n}`,
  image: n === 2 ? "" : `/uploads/categories/kitchen-${n}-abc123.webp`,
  order: n,
  productCount: n * 3,
  subCategories: [],
  ...over,
});
const categories = [1, 2, 3].map((n) => category(n));

afterEach(() => renderFragmentsWith(null));

describe("the footer and the category grid from the server's fragment cache", () => {
  it("are the markup rendered in place, byte for byte, and rendered once", () => {
    const page = () =>
      renderPage(
        inPage(
          <main>
            <CategoryGrid categories={categories} />
            <SiteFooter settings={settings} categories={categories} />
          </main>,
        ),
      );
    const inPlace = page();
    let rendered = 0;
    renderFragmentsWith((node) => {
      rendered += 1;
      return renderToString(node);
    });
    expect(page()).toBe(inPlace);
    expect(page()).toBe(inPlace);
    expect(rendered).toBe(2);
    expect(inPlace).toMatch(/Corner &amp; Co(<!-- -->)? on (<!-- -->)?Instagram/);
    expect(inPlace).toContain(">Kitchen 3<");
  });

  it("show a changed setting or category at once: what they show is their key", () => {
    renderFragmentsWith(renderToString);
    expect(renderPage(inPage(<SiteFooter settings={settings} categories={categories} />))).toContain("+1 555 0100");
    const phone = renderPage(inPage(<SiteFooter settings={{ ...settings, contactPhone: "+1 555 0199" }} categories={categories} />));
    expect(phone).toContain("+1 555 0199");
    expect(phone).not.toContain("+1 555 0100");
    const renamed = renderPage(inPage(<CategoryGrid categories={[category(1, { name: "Cookware", productCount: 1 })]} />));
    expect(renamed).toContain(">Cookware<");
    expect(renamed).toContain("1 product<");
  });

  it("are kept once per language: a German page never gets the English footer or grid", () => {
    renderFragmentsWith(renderToString);
    const page = (language: "en" | "de" | "fr") =>
      renderPage(
        inPage(
          <main>
            <CategoryGrid categories={categories} />
            <SiteFooter settings={settings} categories={categories} />
          </main>,
          { language },
        ),
      );
    const english = page("en");
    const german = page("de");
    const french = page("fr");
    expect(english).toContain(">All products<");
    expect(english).toContain('href="/product-category/kitchen-3"');
    expect(german).toContain(">Alle Produkte<");
    expect(german).toContain('href="/de/product-category/kitchen-3"');
    expect(german).toContain("9 Produkte<");
    expect(german).toContain("Alle Rechte vorbehalten.");
    expect(german).not.toContain("All rights reserved.");
    expect(french).toContain(">Tous les produits<");
    expect(french).toContain('href="/fr/contact-us"');
    expect(french).toContain("Corner &amp; Co sur Instagram (s’ouvre dans un nouvel onglet)");
    // Rendered from the cache again, each language is its own markup still.
    expect(page("de")).toBe(german);
    expect(page("en")).toBe(english);
  });
});
