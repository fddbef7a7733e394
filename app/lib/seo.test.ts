import { describe, expect, it } from "vitest";
import { listingCanonicalPath, pageTitle, seoMeta } from "./seo";

describe("listingCanonicalPath", () => {
  it("keeps page N (N > 1) so every page of a listing is its own canonical", () => {
    expect(listingCanonicalPath("/product-category/shoes", { page: 3 })).toBe("/product-category/shoes?page=3");
    expect(listingCanonicalPath("/product-category", { page: 2 })).toBe("/product-category?page=2");
  });

  it("gives page 1 no page parameter", () => {
    expect(listingCanonicalPath("/product-category/shoes", { page: 1 })).toBe("/product-category/shoes");
  });

  it("keeps the sub-category, so a sub-category page is its own canonical", () => {
    expect(listingCanonicalPath("/product-category/shoes", { page: 1, subCategory: "sneakers" })).toBe("/product-category/shoes?subCategory=sneakers");
    expect(listingCanonicalPath("/product-category/shoes", { page: 2, subCategory: "sneakers" })).toBe("/product-category/shoes?page=2&subCategory=sneakers");
  });
});

describe("seoMeta canonical", () => {
  const matches = [{ id: "root", loaderData: { settings: { siteName: "Shop", description: "" }, publicUrl: "https://shop.example" } }];
  const href = (tags: ReturnType<typeof seoMeta>, key: "canonical" | "og:url") =>
    tags.find((t) => ("rel" in t && t.rel === key) || ("property" in t && t.property === key)) as { href?: string; content?: string } | undefined;

  it("is the bare path by default: query parameters (sort, filters, tracking) are not part of it", () => {
    const tags = seoMeta(matches as never, { pathname: "/contact-us" });
    expect(href(tags, "canonical")?.href).toBe("https://shop.example/contact-us");
  });

  it("takes the route's canonical path, for the link and for og:url", () => {
    const tags = seoMeta(matches as never, { pathname: "/product-category/shoes" }, { canonicalPath: "/product-category/shoes?page=3" });
    expect(href(tags, "canonical")?.href).toBe("https://shop.example/product-category/shoes?page=3");
    expect(href(tags, "og:url")?.content).toBe("https://shop.example/product-category/shoes?page=3");
  });
});

describe("seoMeta's picture", () => {
  const image = (tags: ReturnType<typeof seoMeta>) => (tags.find((t) => "property" in t && t.property === "og:image") as { content: string }).content;
  const root = (imageBase?: string) => [
    { id: "root", loaderData: { settings: { siteName: "Shop", description: "" }, publicUrl: "https://shop.example", imageBase } },
  ];

  it("is the stored picture's address in the object store, or on the shop when it keeps its pictures itself", () => {
    const input = { image: "/uploads/products/tee.webp" };
    expect(image(seoMeta(root("https://cdn.example.com") as never, { pathname: "/products/tee" }, input))).toBe("https://cdn.example.com/products/tee.webp");
    expect(image(seoMeta(root("/uploads") as never, { pathname: "/products/tee" }, input))).toBe("https://shop.example/uploads/products/tee.webp");
    expect(image(seoMeta(root() as never, { pathname: "/products/tee" }, input))).toBe("https://shop.example/uploads/products/tee.webp");
  });
});

describe("page titles", () => {
  it("are the site name and the last path segment with dashes as spaces, or Home at the root", () => {
    expect(pageTitle("Acme", "/")).toBe("Acme | Home");
    expect(pageTitle("Acme", "/contact-us")).toBe("Acme | contact us");
    expect(pageTitle("Acme", "/admin-dashboard/sales-report")).toBe("Acme | sales report");
  });

  it("use the name of what an address names by a slug or an id", () => {
    expect(pageTitle("Acme", "/products/classic-cotton-t-shirt", "Classic Cotton T-Shirt")).toBe("Acme | Classic Cotton T-Shirt");
    expect(pageTitle("Acme", "/product-category/mens-fashion", "Men's Fashion")).toBe("Acme | Men's Fashion");
    expect(pageTitle("Acme", "/products/x", null)).toBe("Acme | x");
  });
});

describe("titles and descriptions of other languages' pages", () => {
  const title = (tags: ReturnType<typeof seoMeta>) => (tags.find((t) => "title" in t) as { title: string }).title;
  const description = (tags: ReturnType<typeof seoMeta>) => (tags.find((t) => "name" in t && t.name === "description") as { content: string }).content;
  const matches = [
    {
      id: "root",
      loaderData: {
        settings: { siteName: "Acme", description: "" },
        publicUrl: "https://shop.example",
        pageNames: { "/": "Startseite", "/shopping-cart": "Warenkorb", "/product-category": "Alle Produkte" },
        defaultDescription: "Online einkaufen bei Acme.",
      },
    },
  ];

  it("name a page in its language, from the root loader's page names", () => {
    expect(title(seoMeta(matches as never, { pathname: "/de" }))).toBe("Acme | Startseite");
    expect(title(seoMeta(matches as never, { pathname: "/de/shopping-cart" }))).toBe("Acme | Warenkorb");
    expect(title(seoMeta(matches as never, { pathname: "/de/product-category" }))).toBe("Acme | Alle Produkte");
  });

  it("keep the name of what the page shows, and the spec's rule in the default language", () => {
    expect(title(seoMeta(matches as never, { pathname: "/de/products/tee" }, { name: "Classic Tee" }))).toBe("Acme | Classic Tee");
    expect(title(seoMeta(matches as never, { pathname: "/shopping-cart" }))).toBe("Acme | shopping cart");
    expect(title(seoMeta(matches as never, { pathname: "/" }))).toBe("Acme | Home");
  });

  it("leave no language code in a title: /de is a home page, an unnamed page is its last segment", () => {
    expect(pageTitle("Acme", "/de")).toBe("Acme | Home");
    expect(pageTitle("Acme", "/fr/some-page")).toBe("Acme | some page");
  });

  it("describe a page without a description of its own in the page's language", () => {
    expect(description(seoMeta(matches as never, { pathname: "/de/wishlist" }))).toBe("Online einkaufen bei Acme.");
    expect(description(seoMeta(matches as never, { pathname: "/de/search" }, { description: "Durchsuche die Produkte des Shops." }))).toBe(
      "Durchsuche die Produkte des Shops.",
    );
  });
});
