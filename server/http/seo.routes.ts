import { Hono } from "hono";
import type { AppEnv } from "./context";

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** /robots.txt and /sitemap.xml with absolute URLs from PUBLIC_URL. */
export function seoRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/robots.txt", (c) => {
    const base = c.var.services.env.PUBLIC_URL;
    const body = [
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin-dashboard",
      "Disallow: /checkout",
      "Disallow: /shopping-cart",
      "Disallow: /my-orders",
      "Disallow: /api/",
      `Sitemap: ${base}/sitemap.xml`,
      "",
    ].join("\n");
    return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
  });

  r.get("/sitemap.xml", async (c) => {
    const { catalog, env } = c.var.services;
    const base = env.PUBLIC_URL;
    const [categories, products] = await Promise.all([catalog.listCategories(), catalog.listSitemapEntries()]);
    const urls: string[] = [];
    const add = (path: string, lastmod?: string) =>
      urls.push(`<url><loc>${xmlEscape(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>`);
    for (const path of ["/", "/product-category", "/contact-us", "/privacy-policy"]) add(path);
    for (const cat of categories) {
      const path = `/product-category/${encodeURIComponent(cat.slug)}`;
      add(path);
      // A sub-category is a page of its own at this address, its canonical (app/lib/seo.ts listingCanonicalPath).
      for (const sub of cat.subCategories) add(`${path}?subCategory=${encodeURIComponent(sub.slug)}`);
    }
    for (const p of products.slice(0, 49_000)) add(`/products/${encodeURIComponent(p.slug)}`, p.updatedAt);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" });
  });

  return r;
}
