import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { chunked } from "../../db/chunks";
import { AppError } from "#common/errors";
import { type Shopper, ownerKey } from "../../lib/shopper";
import type { CatalogService } from "#modules/catalog";
import { takeWishlistNotices, withdrawFromWishlists } from "./wishlist.notices";
import type { WishlistService } from "./wishlist.types";
import {
  countItems,
  deleteIdleItems,
  deleteItem,
  deleteNoticesBefore,
  deleteOwnerItems,
  deleteOwnerNotices,
  hasAnyItem,
  insertItem,
  listIdleVisitorOwners,
  listAccountWishers,
  listItems,
  listProductIds,
  moveItems,
  moveNotices,
} from "./wishlist.repo";

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

  return {
    async list(shopper, language) {
      const owner = ownerKey(shopper);
      if (!owner) return [];
      const rows = await listItems(k, owner);
      if (rows.length === 0) return [];
      const products = await deps.catalog.listSummaries(
        rows.map((r) => r.product_id),
        language,
      );
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
      return listProductIds(k, owner);
    },

    async toggle(shopper, productId) {
      const owner = requireOwner(shopper);
      const [product] = await deps.catalog.listSummaries([String(productId ?? "")]);
      if (!product) throw new AppError("not_found", "This product is no longer available.");
      if (await deleteItem(k, owner, product.id)) return { added: false, name: product.name, count: await countItems(k, owner) };
      // A product withdrawn from sale can leave the wishlist but not join it.
      if (!product.active) throw new AppError("not_found", "This product is no longer available.");
      await insertItem(k, owner, product.id, nowIso());
      return { added: true, name: product.name, count: await countItems(k, owner) };
    },

    async remove(shopper, productId) {
      const owner = ownerKey(shopper);
      if (!owner) return;
      await deleteItem(k, owner, productId);
    },

    async removeIdleVisitorWishlists(idleSince, limit) {
      const cutoff = idleSince.toISOString();
      // Notices nobody came back for within the retention go too.
      await deleteNoticesBefore(k, cutoff);
      const owners = await listIdleVisitorOwners(k, cutoff, limit);
      if (owners.length === 0) return { owners: 0, items: 0 };
      const items = await deleteIdleItems(
        k,
        owners.map((o) => o.owner),
        cutoff,
      );
      return { owners: owners.length, items };
    },

    async hasItems(shopper) {
      const owner = ownerKey(shopper);
      if (!owner) return false;
      return hasAnyItem(k, owner);
    },

    async moveWishlist(trx, from, to) {
      const fromOwner = requireOwner(from);
      const toOwner = requireOwner(to);
      await moveItems(trx, fromOwner, toOwner);
      await moveNotices(trx, fromOwner, toOwner);
    },

    async forgetUser(trx, userId) {
      const owner = requireOwner({ userId, visitorId: null });
      await deleteOwnerItems(trx, owner);
      await deleteOwnerNotices(trx, owner);
    },

    withdrawProducts: withdrawFromWishlists,

    async listAccountWishers(productIds) {
      const out: Array<{ userId: string; productId: string }> = [];
      for (const chunk of chunked([...new Set(productIds)])) out.push(...(await listAccountWishers(k, chunk)));
      return out;
    },

    async takeNotices(shopper) {
      const owner = ownerKey(shopper);
      return owner ? takeWishlistNotices(k, owner) : [];
    },
  };
}
