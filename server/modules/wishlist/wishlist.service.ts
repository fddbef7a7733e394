import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { AppError } from "../../lib/errors";
import { type Shopper, ownerKey } from "../../lib/shopper";
import { toMajor } from "../catalog/pricing";
import { firstImage } from "../cart/cart.repo";
import type { WishlistService } from "./wishlist.types";
import type { ExpressionBuilder } from "kysely";
import type { Database } from "../../db/schema";

function requireOwner(shopper: Shopper): string {
  const owner = ownerKey(shopper);
  if (!owner) throw new Error("a wishlist write needs a shopper with a user or visitor id (ensureOwner)");
  return owner;
}

/** Wishlists on the server, one per owner (`user:<id>` or `visitor:<id>`), newest entry first. */
export function createWishlistService(db: Db): WishlistService {
  const k = db.kysely;

  async function count(owner: string): Promise<number> {
    const row = await k
      .selectFrom("wishlist_items")
      .where("owner", "=", owner)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  return {
    async list(shopper) {
      const owner = ownerKey(shopper);
      if (!owner) return [];
      const rows = await k
        .selectFrom("wishlist_items as w")
        .innerJoin("products as p", "p.id", "w.product_id")
        .innerJoin("categories as c", "c.id", "p.category_id")
        .where("w.owner", "=", owner)
        .select((eb) => [
          "p.id",
          "p.name",
          "p.slug",
          "p.discount",
          "p.final_price",
          "p.list_price",
          "p.price_varies",
          "p.images",
          "p.stock",
          "p.status",
          "c.name as category",
          "w.created_at",
          eb.exists(eb.selectFrom("product_variants as v").select("v.id").whereRef("v.product_id", "=", "p.id")).as("has_variants"),
        ])
        .orderBy("w.created_at", "desc")
        .orderBy("p.id")
        .execute();
      return rows.map((r) => ({
        productId: r.id,
        name: r.name,
        slug: r.slug,
        price: toMajor(r.list_price),
        discount: r.discount,
        finalPrice: toMajor(r.final_price),
        priceVaries: r.price_varies === 1,
        image: firstImage(r.images),
        category: r.category,
        inStock: r.status === "active" && r.stock > 0,
        hasVariants: Boolean(r.has_variants),
        addedAt: toIso(r.created_at)!,
      }));
    },

    async productIds(shopper) {
      const owner = ownerKey(shopper);
      if (!owner) return [];
      const rows = await k.selectFrom("wishlist_items").select("product_id").where("owner", "=", owner).execute();
      return rows.map((r) => r.product_id);
    },

    async toggle(shopper, productId) {
      const owner = requireOwner(shopper);
      const product = await k.selectFrom("products").select(["id", "name", "status"]).where("id", "=", String(productId ?? "")).executeTakeFirst();
      if (!product) throw new AppError("not_found", "This product is no longer available.");
      const removed = await k.deleteFrom("wishlist_items").where("owner", "=", owner).where("product_id", "=", product.id).executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) return { added: false, name: product.name, count: await count(owner) };
      // A product withdrawn from sale can leave the wishlist but not join it.
      if (product.status !== "active") throw new AppError("not_found", "This product is no longer available.");
      await k
        .insertInto("wishlist_items")
        .values({ owner, product_id: product.id, created_at: nowIso() })
        .onConflict((oc) => oc.columns(["owner", "product_id"]).doNothing())
        .execute();
      return { added: true, name: product.name, count: await count(owner) };
    },

    async remove(shopper, productId) {
      const owner = ownerKey(shopper);
      if (!owner) return;
      await k.deleteFrom("wishlist_items").where("owner", "=", owner).where("product_id", "=", productId).execute();
    },

    async removeIdleVisitorWishlists(idleSince, limit) {
      const cutoff = idleSince.toISOString();
      // Entries have no updated_at: a toggle deletes or inserts, so created_at is when the visitor
      // last added something. The newest entry decides for the whole wishlist.
      const addedSince = (eb: ExpressionBuilder<Database, "wishlist_items">) =>
        eb.exists(eb.selectFrom("wishlist_items as recent").select("recent.product_id").whereRef("recent.owner", "=", "wishlist_items.owner").where("recent.created_at", ">=", cutoff));
      const owners = await k
        .selectFrom("wishlist_items")
        .select("wishlist_items.owner")
        .where("wishlist_items.owner", "like", "visitor:%")
        .where("wishlist_items.created_at", "<", cutoff)
        .where((eb) => eb.not(addedSince(eb)))
        .groupBy("wishlist_items.owner")
        .limit(limit)
        .execute();
      if (owners.length === 0) return { owners: 0, items: 0 };
      const removed = await k
        .deleteFrom("wishlist_items")
        .where(
          "wishlist_items.owner",
          "in",
          owners.map((o) => o.owner),
        )
        .where((eb) => eb.not(addedSince(eb)))
        .executeTakeFirst();
      return { owners: owners.length, items: Number(removed.numDeletedRows) };
    },
  };
}
