import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { AppError } from "#common/errors";
import { type Shopper, ownerKey } from "../../lib/shopper";
import type { CatalogService } from "#modules/catalog";
import { takeWishlistNotices, withdrawFromWishlists } from "./wishlist.notices";
import type { WishlistService } from "./wishlist.types";
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../db/schema";

export interface WishlistServiceDeps {
  /** The catalogue's summaries of products: what an entry shows (the wishlist keeps only product ids). */
  catalog: Pick<CatalogService, "listSummaries">;
}

function requireOwner(shopper: Shopper): string {
  const owner = ownerKey(shopper);
  if (!owner) throw new Error("a wishlist write needs a shopper with a user or visitor id (ensureOwner)");
  return owner;
}

/** Wishlists on the server, one per owner (`user:<id>` or `visitor:<id>`), newest entry first. */
export function createWishlistService(db: Db, deps: WishlistServiceDeps): WishlistService {
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
        .selectFrom("wishlist_items")
        .select(["product_id", "created_at"])
        .where("owner", "=", owner)
        .orderBy("created_at", "desc")
        .orderBy("product_id")
        .execute();
      if (rows.length === 0) return [];
      const products = await deps.catalog.listSummaries(rows.map((r) => r.product_id));
      const addedAt = new Map(rows.map((r) => [r.product_id, toIso(r.created_at)!]));
      return products.map((p) => ({
        productId: p.id,
        name: p.name,
        slug: p.slug,
        price: p.price,
        discount: p.discount,
        finalPrice: p.finalPrice,
        priceVaries: p.priceVaries,
        image: p.image,
        category: p.category,
        inStock: p.inStock,
        hasVariants: p.hasVariants,
        addedAt: addedAt.get(p.id)!,
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
      const [product] = await deps.catalog.listSummaries([String(productId ?? "")]);
      if (!product) throw new AppError("not_found", "This product is no longer available.");
      const removed = await k.deleteFrom("wishlist_items").where("owner", "=", owner).where("product_id", "=", product.id).executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) return { added: false, name: product.name, count: await count(owner) };
      // A product withdrawn from sale can leave the wishlist but not join it.
      if (!product.active) throw new AppError("not_found", "This product is no longer available.");
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
        eb.exists(
          eb
            .selectFrom("wishlist_items as recent")
            .select("recent.product_id")
            .whereRef("recent.owner", "=", "wishlist_items.owner")
            .where("recent.created_at", ">=", cutoff),
        );
      // Notices nobody came back for within the retention go too.
      await k.deleteFrom("wishlist_notices").where("created_at", "<", cutoff).execute();
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

    async hasItems(shopper) {
      const owner = ownerKey(shopper);
      if (!owner) return false;
      const found = await k.selectFrom("wishlist_items").select("product_id").where("owner", "=", owner).limit(1).executeTakeFirst();
      return found !== undefined;
    },

    async moveWishlist(trx, from, to) {
      const fromOwner = requireOwner(from);
      const toOwner = requireOwner(to);
      await trx
        .insertInto("wishlist_items")
        .columns(["owner", "product_id", "created_at"])
        .expression((eb) =>
          eb
            .selectFrom("wishlist_items")
            .select([sql<string>`${toOwner}`.as("owner"), "product_id", "created_at"])
            .where("owner", "=", fromOwner),
        )
        .onConflict((oc) => oc.columns(["owner", "product_id"]).doNothing())
        .execute();
      await trx.deleteFrom("wishlist_items").where("owner", "=", fromOwner).execute();
      await trx.updateTable("wishlist_notices").set({ owner: toOwner }).where("owner", "=", fromOwner).execute();
    },

    async forgetUser(trx, userId) {
      const owner = requireOwner({ userId, visitorId: null });
      await trx.deleteFrom("wishlist_items").where("owner", "=", owner).execute();
      await trx.deleteFrom("wishlist_notices").where("owner", "=", owner).execute();
    },

    withdrawProducts: withdrawFromWishlists,

    async takeNotices(shopper) {
      const owner = ownerKey(shopper);
      return owner ? takeWishlistNotices(k, owner) : [];
    },
  };
}
