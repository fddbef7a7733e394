import { Hono } from "hono";
import { z } from "zod";
import { limitOffsetSchema, listingQuerySchema } from "#common/catalog/catalog.schema";
import { parseInput } from "#common/validate";
import { type AppEnv, clientIp } from "./context";

export const searchQuerySchema = z.object({
  q: z.string().max(200, "Search term is too long").optional().default(""),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** Spec section 7 catalogue calls plus the richer listing our own pages use. */
export function catalogRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/products", async (c) => {
    const query = parseInput(listingQuerySchema, c.req.query(), "Invalid listing filters");
    const { q: _q, ...listing } = query;
    const page = await c.var.services.catalog.listProducts(listing);
    return c.json({ success: true, ...page });
  });

  r.get("/products/search/ser", async (c) => {
    const { q, limit } = parseInput(searchQuerySchema, c.req.query(), "Invalid search");
    const products = await c.var.services.search.quickSearch(q, limit, clientIp(c));
    return c.json({
      success: true,
      message: products.length ? `${products.length} products found` : "No products found",
      data: { products },
    });
  });

  const byCategory = (category: string | undefined) => async (c: import("hono").Context<AppEnv>) => {
    const { limit, offset } = parseInput(limitOffsetSchema, c.req.query());
    return c.json(await c.var.services.catalog.listByCategory(category, limit, offset));
  };
  r.get("/products/category", (c) => byCategory(undefined)(c));
  r.get("/products/category/:category", (c) => byCategory(c.req.param("category"))(c));

  r.get("/products/:slug", async (c) => {
    const { catalog } = c.var.services;
    const slug = c.req.param("slug");
    const product = await catalog.requireProduct(slug).catch(async (err) => {
      // A renamed product's old address answers with a 301 to the new one (migration 0010).
      const moved = await catalog.findProductRedirect(slug);
      if (moved) return moved;
      throw err;
    });
    if (typeof product === "string") return c.redirect(`/api/products/${encodeURIComponent(product)}`, 301);
    return c.json({ success: true, data: product });
  });

  r.get("/categories", async (c) => c.json({ success: true, data: await c.var.services.catalog.listCategories() }));

  return r;
}
