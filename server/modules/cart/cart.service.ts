import type { Db } from "../../db/database";
import { nowIso } from "../../db/database";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { type Shopper, ownerKey } from "../../lib/shopper";
import { type PricingSettings, lineLabel, quantityCapProblem, stockProblem } from "./cart.pricing";
import { ensureCartId, loadCartRows, priceCart } from "./cart.repo";
import { MAX_LINE_QUANTITY } from "./cart.schema";
import type { AddToCartInput, CartService, CartView } from "./cart.types";
import type { ExpressionBuilder } from "kysely";
import type { Database } from "../../db/schema";

export interface CartServiceDeps {
  /** The shop's currency, free-shipping threshold and shipping zones (cached by the content service). */
  settings: () => Promise<PricingSettings>;
}


/** Throws invalid_input unless the quantity is a whole number from 1 to MAX_LINE_QUANTITY. */
export function requireQuantity(quantity: unknown): number {
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) {
    throw new AppError("invalid_input", "Quantity must be a whole number of at least 1.", { quantity: "Must be a whole number of at least 1" });
  }
  if (quantity > MAX_LINE_QUANTITY) {
    throw new AppError("invalid_input", `Quantity can be at most ${MAX_LINE_QUANTITY}.`, { quantity: `At most ${MAX_LINE_QUANTITY}` });
  }
  return quantity;
}

function requireOwner(shopper: Shopper): string {
  const owner = ownerKey(shopper);
  if (!owner) throw new Error("a cart write needs a shopper with a user or visitor id (ensureOwner)");
  return owner;
}

const blank = (v: string | null | undefined) => (v == null || v.trim() === "" ? null : v.trim());
const same = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/**
 * Carts on the server, one per owner (`user:<id>` or `visitor:<id>`): lines are re-priced from the
 * catalogue on every read, and quantities are held to the stock when they change.
 */
export function createCartService(db: Db, deps: CartServiceDeps): CartService {
  const k = db.kysely;

  async function view(owner: string | null, shippingMethod?: string): Promise<CartView> {
    const [rows, settings] = await Promise.all([owner ? loadCartRows(k, owner) : Promise.resolve([]), deps.settings()]);
    return priceCart(rows, settings, shippingMethod).view;
  }

  /** Picks the variant that matches the chosen colour and size, or explains what is missing. */
  function resolveVariant(
    name: string,
    variants: Array<{ id: string; color: string | null; size: string | null; stock: number }>,
    color: string | null,
    size: string | null,
  ) {
    if (variants.length === 0) {
      if (color) throw new AppError("invalid_input", `${name} does not come in colours.`, { color: "This product has no colours" });
      if (size) throw new AppError("invalid_input", `${name} does not come in sizes.`, { size: "This product has no sizes" });
      return null;
    }
    const hasColors = variants.some((v) => v.color);
    const hasSizes = variants.some((v) => v.size);
    if (hasColors && !color) throw new AppError("invalid_input", "Please choose a colour", { color: "Please choose a colour" });
    if (hasSizes && !size) throw new AppError("invalid_input", "Please choose a size", { size: "Please choose a size" });
    if (color && !hasColors) throw new AppError("invalid_input", `${name} does not come in colours.`, { color: "This product has no colours" });
    if (size && !hasSizes) throw new AppError("invalid_input", `${name} does not come in sizes.`, { size: "This product has no sizes" });
    if (color && !variants.some((v) => same(v.color, color))) {
      throw new AppError("invalid_input", `${name} does not come in ${color}.`, { color: "Please choose one of the colours shown" });
    }
    if (size && !variants.some((v) => same(v.size, size))) {
      throw new AppError("invalid_input", `${name} does not come in size ${size}.`, { size: "Please choose one of the sizes shown" });
    }
    const match = variants.find((v) => (!hasColors || same(v.color, color)) && (!hasSizes || same(v.size, size)));
    if (!match) throw new AppError("invalid_input", `${lineLabel(name, color, size)} is not available.`, { size: "This combination is not available" });
    return match;
  }

  return {
    async getCart(shopper, options = {}) {
      return view(ownerKey(shopper), options.shippingMethod);
    },

    async addItem(shopper: Shopper, input: AddToCartInput) {
      const owner = requireOwner(shopper);
      const quantity = requireQuantity(input.quantity ?? 1);
      // The product and all its variants in one query.
      const rows = await k
        .selectFrom("products as p")
        .leftJoin("product_variants as v", "v.product_id", "p.id")
        .where("p.id", "=", String(input.productId ?? ""))
        .select(["p.id", "p.name", "p.status", "p.stock", "v.id as v_id", "v.color", "v.size", "v.stock as v_stock"])
        .orderBy("v.sort_order")
        .execute();
      const product = rows[0];
      if (!product || product.status !== "active") throw new AppError("not_found", "This product is no longer available.");
      const variants = rows.filter((r) => r.v_id !== null).map((r) => ({ id: r.v_id!, color: r.color, size: r.size, stock: r.v_stock ?? 0 }));
      const variant = resolveVariant(product.name, variants, blank(input.color), blank(input.size));
      const variantId = variant?.id ?? "";
      const stock = variant ? variant.stock : product.stock;

      // One transaction: a refused add leaves no empty cart behind, and a new shopper's first add
      // commits (and, with synchronous=FULL, flushes to disk) once instead of twice.
      // The settings first: inside the transaction only `trx` may query (SQLite has one connection).
      const settings = await deps.settings();
      await db.kysely.transaction().execute(async (trx) => {
        const cartId = await ensureCartId(trx, owner);
        // Every line of this product (its other colours and sizes count towards the per-order cap).
        const productLines = await trx
          .selectFrom("cart_lines")
          .select(["variant_id", "quantity"])
          .where("cart_id", "=", cartId)
          .where("product_id", "=", product.id)
          .execute();
        const existing = productLines.find((l) => l.variant_id === variantId);
        const wanted = (existing?.quantity ?? 0) + quantity;
        const problem = stockProblem(lineLabel(product.name, variant?.color, variant?.size), wanted, stock);
        if (problem) throw new AppError("conflict", existing && stock > 0 ? `${problem} (you have ${existing.quantity} in your cart)` : problem, { quantity: problem });
        if (wanted > MAX_LINE_QUANTITY) requireQuantity(wanted);
        const inCart = productLines.reduce((n, l) => n + l.quantity, 0);
        const capped = quantityCapProblem(product.name, inCart + quantity, settings.maxQuantityPerOrder);
        if (capped) throw new AppError("invalid_input", inCart > 0 ? `${capped} (you have ${inCart} in your cart)` : capped, { quantity: capped });

        const now = nowIso();
        await trx
          .insertInto("cart_lines")
          .values({ id: newId(), cart_id: cartId, product_id: product.id, variant_id: variantId, quantity, created_at: now, updated_at: now })
          .onConflict((oc) =>
            oc.columns(["cart_id", "product_id", "variant_id"]).doUpdateSet((eb) => ({
              quantity: eb("cart_lines.quantity", "+", eb.ref("excluded.quantity")),
              updated_at: now,
            })),
          )
          .execute();
      });
      return view(owner);
    },

    async updateQuantity(shopper, lineId, quantity) {
      const owner = ownerKey(shopper);
      requireQuantity(quantity);
      const line = owner
        ? await k
            .selectFrom("cart_lines as l")
            .innerJoin("carts as c", "c.id", "l.cart_id")
            .innerJoin("products as p", "p.id", "l.product_id")
            .leftJoin("product_variants as v", (join) => join.onRef("v.id", "=", "l.variant_id").onRef("v.product_id", "=", "l.product_id"))
            .where("l.id", "=", lineId)
            .where("c.owner", "=", owner)
            .select(["l.id", "l.cart_id", "l.product_id", "l.variant_id", "p.name", "p.status", "p.stock", "v.id as v_id", "v.color", "v.size", "v.stock as v_stock"])
            .executeTakeFirst()
        : undefined;
      if (!line) throw new AppError("not_found", "This item is not in your cart.");
      const label = lineLabel(line.name, line.color, line.size);
      if (line.status !== "active" || (line.variant_id !== "" && !line.v_id)) throw new AppError("conflict", `${label} is no longer available`);
      const problem = stockProblem(label, quantity, line.variant_id !== "" ? (line.v_stock ?? 0) : line.stock);
      if (problem) throw new AppError("conflict", problem, { quantity: problem });
      const [others, settings] = await Promise.all([
        k
          .selectFrom("cart_lines")
          .select((eb) => eb.fn.sum<number | string | null>("quantity").as("n"))
          .where("cart_id", "=", line.cart_id)
          .where("product_id", "=", line.product_id)
          .where("id", "!=", line.id)
          .executeTakeFirst(),
        deps.settings(),
      ]);
      const capped = quantityCapProblem(line.name, Number(others?.n ?? 0) + quantity, settings.maxQuantityPerOrder);
      if (capped) throw new AppError("invalid_input", capped, { quantity: capped });
      await k.updateTable("cart_lines").set({ quantity, updated_at: nowIso() }).where("id", "=", line.id).execute();
      return view(owner);
    },

    async removeLine(shopper, lineId) {
      const owner = ownerKey(shopper);
      const result = owner
        ? await k
            .deleteFrom("cart_lines")
            .where("id", "=", lineId)
            .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("owner", "=", owner))
            .executeTakeFirst()
        : null;
      if (!result || Number(result.numDeletedRows) === 0) throw new AppError("not_found", "This item is not in your cart.");
      return view(owner);
    },

    async countItems(shopper) {
      const owner = ownerKey(shopper);
      if (!owner) return 0;
      const row = await k
        .selectFrom("carts as c")
        .innerJoin("cart_lines as l", "l.cart_id", "c.id")
        .where("c.owner", "=", owner)
        .select((eb) => eb.fn.sum<number | string | null>("l.quantity").as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async removeIdleVisitorCarts(idleSince, limit) {
      const cutoff = idleSince.toISOString();
      // Adding or changing a line touches only the line, so a cart is idle when its own row and
      // all its lines are older than the cutoff.
      const idle = (eb: ExpressionBuilder<Database, "carts">) =>
        eb.and([
          eb("carts.owner", "like", "visitor:%"),
          eb("carts.updated_at", "<", cutoff),
          eb.not(eb.exists(eb.selectFrom("cart_lines").select("cart_lines.id").whereRef("cart_lines.cart_id", "=", "carts.id").where("cart_lines.updated_at", ">=", cutoff))),
        ]);
      // Find a batch first (a read: it does not hold SQLite's write lock), then delete it by id,
      // checking again that nothing touched it in between.
      const batch = await k.selectFrom("carts").select("carts.id").where(idle).orderBy("carts.updated_at").limit(limit).execute();
      if (batch.length === 0) return 0;
      const removed = await k
        .deleteFrom("carts")
        .where(
          "carts.id",
          "in",
          batch.map((c) => c.id),
        )
        .where(idle)
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },
  };
}
