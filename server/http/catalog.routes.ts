import { Hono } from "hono";
import { z } from "zod";
import { limitOffsetSchema, listingQuerySchema } from "#common/catalog/catalog.schema";
import { parseInput } from "#common/validate";
import { type AppEnv, clientIp } from "./context";
import { requestLanguageParam, requestMarket } from "./market";

export const searchQuerySchema = z.object({
  q: z.string().max(200, "Search term is too long").optional().default(""),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** Spec section 7 catalogue calls plus the richer listing our own pages use. */
export function catalogRoutes() {
  const r = new Hono<AppEnv>();

  // With `?currency=` (or the shopper's currency cookie) an answer's amounts, and the listing's price filter, are in that currency, and say so.
  r.get("/products", async (c) => {
    const { currency: _currency, lang: _lang, ...params } = c.req.query();
    const query = parseInput(listingQuerySchema, params, "Invalid listing filters");
    const { q: _q, ...listing } = query;
    const market = await requestMarket(c);
    const language = requestLanguageParam(c);
    if (!market) return c.json({ success: true, ...(await c.var.services.catalog.listProducts(listing, language)) });
    return c.json({ success: true, currency: market.currency, ...(await c.var.services.catalog.listProductsIn(listing, market, language)) });
  });

  r.get("/products/search/ser", async (c) => {
    const { lang: _lang, ...params } = c.req.query();
    const { q, limit } = parseInput(searchQuerySchema, params, "Invalid search");
    const market = await requestMarket(c);
    const language = requestLanguageParam(c);
    const found = await c.var.services.search.quickSearch(q, limit, clientIp(c), language);
    const products = market ? await c.var.services.catalog.cardsInMarket(found, market) : found;
    return c.json({
      success: true,
      message: products.length ? `${products.length} products found` : "No products found",
      ...(market ? { currency: market.currency } : {}),
      data: { products },
    });
  });

  const byCategory = (category: string | undefined) => async (c: import("hono").Context<AppEnv>) => {
    const { currency: _currency, lang: _lang, ...params } = c.req.query();
    const { limit, offset } = parseInput(limitOffsetSchema, params);
    const market = await requestMarket(c);
    const products = await c.var.services.catalog.listByCategory(category, limit, offset, requestLanguageParam(c));
    // The spec's answer is the bare array; in another currency, the same array's amounts converted (the currency is the one asked for).
    return c.json(market ? await c.var.services.catalog.cardsInMarket(products, market) : products);
  };
  r.get("/products/category", (c) => byCategory(undefined)(c));
  r.get("/products/category/:category", (c) => byCategory(c.req.param("category"))(c));

  r.get("/products/:slug", async (c) => {
    const { catalog } = c.var.services;
    const slug = c.req.param("slug");
    const language = requestLanguageParam(c);
    const product = await catalog.requireProduct(slug, language).catch(async (err) => {
      // A renamed product's old address answers with a 301 to the new one (migration 0010).
      const moved = await catalog.findProductRedirect(slug);
      if (moved) return moved;
      throw err;
    });
    if (typeof product === "string") {
      const query = new URL(c.req.url).search;
      return c.redirect(`/api/products/${encodeURIComponent(product)}${query}`, 301);
    }
    const market = await requestMarket(c);
    if (!market) return c.json({ success: true, data: product });
    return c.json({ success: true, currency: market.currency, data: await catalog.detailInMarket(product, market) });
  });

  r.get("/categories", async (c) => c.json({ success: true, data: await c.var.services.catalog.listCategories(requestLanguageParam(c)) }));

  return r;
}
