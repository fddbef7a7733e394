import { Hono } from "hono";
import { LANGUAGES, pathInLanguage, servedLanguages } from "#common/i18n/languages";
import type { AppEnv } from "./context";

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * /robots.txt and /sitemap.xml with absolute URLs from PUBLIC_URL. The sitemap lists each page in
 * every language, each entry naming its translations (`xhtml:link` alternates, as the pages' own
 * `hreflang` links do).
 */
export function seoRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/robots.txt", (c) => {
    const base = c.var.services.env.PUBLIC_URL;
    const privatePages = ["/checkout", "/shopping-cart", "/my-orders"].flatMap((path) =>
      LANGUAGES.map((language) => `Disallow: ${pathInLanguage(path, language)}`),
    );
    const body = ["User-agent: *", "Allow: /", "Disallow: /admin-dashboard", ...privatePages, "Disallow: /api/", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
    return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
  });

  r.get("/sitemap.xml", async (c) => {
    const { catalog, env } = c.var.services;
    const base = env.PUBLIC_URL;
    const [categories, products, settings] = await Promise.all([catalog.listCategories(), catalog.listSitemapEntries(), c.var.services.content.getSettings()]);
    const languages = servedLanguages(settings);
    const urls: string[] = [];
    const add = (path: string, lastmod?: string) => {
      const alternates = languages
        .map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${xmlEscape(base + pathInLanguage(path, language))}"/>`)
        .join("");
      for (const language of languages) {
        urls.push(
          `<url><loc>${xmlEscape(base + pathInLanguage(path, language))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}${alternates}</url>`,
        );
      }
    };
    for (const path of ["/", "/product-category", "/contact-us", "/privacy-policy"]) add(path);
    for (const cat of categories) {
      const path = `/product-category/${encodeURIComponent(cat.slug)}`;
      add(path);
      // A sub-category is a page of its own at this address, its canonical (app/lib/seo.ts listingCanonicalPath).
      for (const sub of cat.subCategories) add(`${path}?subCategory=${encodeURIComponent(sub.slug)}`);
    }
    // A sitemap holds at most 50,000 addresses, each page once per language.
    for (const p of products.slice(0, Math.floor(49_000 / languages.length))) add(`/products/${encodeURIComponent(p.slug)}`, p.updatedAt);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" });
  });

  return r;
}
