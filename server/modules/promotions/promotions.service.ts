import { type AuditActor, appendAudit, changedFields } from "#modules/audit";
import { AppError } from "#common/errors";
import { toMajor, toMinor } from "#common/money";
import {
  type PromotionKindValue,
  type PromotionStatus,
  type PromotionValues,
  newPromotionValues,
  patchedPromotionValues,
  promotionCreateSchema,
  promotionPatchSchema,
  promotionProblems,
} from "#common/promotions/promotions.schema";
import { parseInput } from "#common/validate";
import type { CatalogService } from "#modules/catalog";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { newId } from "../../lib/ids";
import { type AppliedPromotion, type PromotedProduct, type PromotionRule, automaticPromotionsFor } from "#common/promotions/promotions.compute";
import { toBaseAmount } from "#common/currency";
import { type LocalDate, addDays, localMidnight } from "#common/calendar";
import { type Epoch, createCache, createEpoch } from "../../lib/cache";
import {
  type PromotionListRow,
  type PromotionRow,
  cancelUses,
  countCustomerUses,
  countUses,
  deletePromotion,
  findByCode,
  getPromotionRow,
  giveUseBack,
  insertPromotion,
  insertUses,
  listActiveRows,
  listPromotionFigures,
  listPromotionRows,
  takeUse,
  updatePromotion,
} from "./promotions.repo";

/** A promotion as the admin API answers it: money in the base currency's major unit, percents in percent. */
export interface AdminPromotion extends PromotionValues {
  id: string;
  status: PromotionStatus;
  /** Orders placed with it (cancelled ones given back). */
  uses: number;
  /** The discount it gave and the orders' totals it was used on, in the base currency. */
  discountTotal: number;
  revenue: number;
  createdAt: string;
  updatedAt: string;
}

export interface PromotionsDeps {
  db: Db;
  /** The products and categories a promotion may name. */
  catalog: Pick<CatalogService, "listSummaries" | "listCategories">;
  /** Bumped by every write: the pages and carts that show promotions drop what they hold. */
  epoch?: Epoch;
  now?: () => Date;
}

/** The promotions switched on, as the cart's pricing reads them, with the uses counted so far (those with a usage limit). */
export interface LivePromotions {
  rules: PromotionRule[];
  uses: Map<string, number>;
}

/** A promotion's figures in a period (the sales report's table), money in the base currency's major unit. */
export interface PromotionFigures {
  id: string;
  name: string;
  code: string | null;
  orders: number;
  discount: number;
  revenue: number;
}

/** A promotion the cart's pricing gave an order, to count against its limits. */
export interface PromotionUse {
  applied: readonly AppliedPromotion[];
  orderId: string;
  /** The account id, or a guest's contact e-mail (lower case). */
  customerKey: string;
  /** The order's total, minor units of its currency, and its units per base unit. */
  orderTotal: number;
  exchangeRate: number;
}

/** A stored promotion as the engine reads it (percent in percent, money in base minor units). */
export function ruleOf(row: PromotionRow): PromotionRule {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind as PromotionRule["kind"],
    value: row.kind === "percentage" ? (row.percent_off ?? 0) / 100 : row.kind === "fixed_amount" ? (row.amount_off ?? 0) : null,
    buyQuantity: row.buy_quantity,
    getQuantity: row.get_quantity,
    getPercent: row.get_percent === null ? null : row.get_percent / 100,
    productIds: parseList(row.product_ids),
    categorySlugs: parseList(row.category_slugs),
    minSubtotal: row.min_subtotal,
    startsAt: toIso(row.starts_at),
    endsAt: toIso(row.ends_at),
    usageLimit: row.usage_limit,
    usageLimitPerCustomer: row.usage_limit_per_customer,
    firstOrderOnly: row.first_order_only === 1,
    combinable: row.combinable === 1,
    active: row.active === 1,
  };
}

const parseList = (json: string): string[] => {
  const list: unknown = JSON.parse(json);
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === "string") : [];
};

/** The stored row's fields in the API's units. */
function valuesOf(row: PromotionListRow): PromotionValues {
  const kind = row.kind as PromotionKindValue;
  return {
    name: row.name,
    code: row.code,
    kind,
    value: kind === "percentage" ? (row.percent_off ?? 0) / 100 : kind === "fixed_amount" ? toMajor(row.amount_off ?? 0) : null,
    buyQuantity: row.buy_quantity,
    getQuantity: row.get_quantity,
    getPercent: row.get_percent === null ? null : row.get_percent / 100,
    productIds: parseList(row.product_ids),
    categorySlugs: parseList(row.category_slugs),
    minSubtotal: row.min_subtotal === null ? null : toMajor(row.min_subtotal),
    startsAt: toIso(row.starts_at),
    endsAt: toIso(row.ends_at),
    usageLimit: row.usage_limit,
    usageLimitPerCustomer: row.usage_limit_per_customer,
    firstOrderOnly: row.first_order_only === 1,
    combinable: row.combinable === 1,
    active: row.active === 1,
  };
}

/** A promotion's fields in the stored units (percents in hundredths, money in minor units): the service's writes and the demo seed's. */
export function promotionColumns(v: PromotionValues) {
  return {
    name: v.name,
    code: v.code,
    kind: v.kind,
    percent_off: v.kind === "percentage" && v.value !== null ? Math.round(v.value * 100) : null,
    amount_off: v.kind === "fixed_amount" && v.value !== null ? toMinor(v.value) : null,
    buy_quantity: v.buyQuantity,
    get_quantity: v.getQuantity,
    get_percent: v.getPercent === null ? null : Math.round(v.getPercent * 100),
    product_ids: JSON.stringify(v.productIds),
    category_slugs: JSON.stringify(v.categorySlugs),
    min_subtotal: v.minSubtotal === null ? null : toMinor(v.minSubtotal),
    starts_at: v.startsAt,
    ends_at: v.endsAt,
    usage_limit: v.usageLimit,
    usage_limit_per_customer: v.usageLimitPerCustomer,
    first_order_only: v.firstOrderOnly ? 1 : 0,
    combinable: v.combinable ? 1 : 0,
    active: v.active ? 1 : 0,
  };
}

/** Where a promotion is in its life now: switched off, used up, not yet started, ended, or running. */
export function promotionStatus(v: Pick<PromotionValues, "active" | "usageLimit" | "startsAt" | "endsAt">, uses: number, now: Date): PromotionStatus {
  if (!v.active) return "inactive";
  if (v.usageLimit !== null && uses >= v.usageLimit) return "used up";
  if (v.endsAt && Date.parse(v.endsAt) <= now.getTime()) return "expired";
  if (v.startsAt && Date.parse(v.startsAt) > now.getTime()) return "scheduled";
  return "active";
}

/**
 * The promotions the admin manages (permission `catalog`): list, one with its figures, create,
 * change and delete, each write audited in its transaction. A code is unique (409 naming the
 * promotion that has it); a product or category it names must exist (400 naming the field).
 */
export function createPromotions(deps: PromotionsDeps) {
  const { db } = deps;
  const k = db.kysely;
  const now = deps.now ?? (() => new Date());
  const epoch = deps.epoch ?? createEpoch();
  // The carts read the live promotions on every pricing: held a few seconds, dropped at once by a write here.
  const liveCache = createCache<LivePromotions>(5_000, epoch, 1);
  // Moves on when an order here counts or gives back a use of a limited promotion: the next pricing reads the counts again.
  let counted = 0;

  function toAdmin(row: PromotionListRow): AdminPromotion {
    const values = valuesOf(row);
    return {
      id: row.id,
      ...values,
      status: promotionStatus(values, Number(row.orders_count ?? 0), now()),
      uses: Number(row.orders_count ?? 0),
      discountTotal: toMajor(Number(row.discount_total ?? 0)),
      revenue: toMajor(Number(row.revenue ?? 0)),
      createdAt: toIso(row.created_at)!,
      updatedAt: toIso(row.updated_at)!,
    };
  }

  async function requireRow(id: string) {
    const row = await getPromotionRow(k, id);
    if (!row) throw new AppError("not_found", "There is no such promotion.");
    return row;
  }

  /** Which of the products and categories named do not exist. */
  async function unknownTargets(productIds: string[], categorySlugs: string[]) {
    const found = new Set(productIds.length ? (await deps.catalog.listSummaries(productIds)).map((p) => p.id) : []);
    const tree = categorySlugs.length ? await deps.catalog.listCategories() : [];
    const slugs = new Set(tree.flatMap((c) => [c.slug, ...c.subCategories.map((s) => s.slug)]));
    return { productIds: productIds.filter((id) => !found.has(id)), categorySlugs: categorySlugs.filter((slug) => !slugs.has(slug)) };
  }

  /** The whole promotion's problems: the rules between its fields, its code's uniqueness, its products and categories. */
  async function check(values: PromotionValues, id: string | null): Promise<void> {
    const problems = promotionProblems(values);
    const unknown = await unknownTargets(values.productIds, values.categorySlugs);
    if (unknown.productIds.length) problems.productIds = `No product has the id ${unknown.productIds.join(", ")}`;
    if (unknown.categorySlugs.length) problems.categorySlugs = `No category is called ${unknown.categorySlugs.join(", ")}`;
    if (Object.keys(problems).length) throw new AppError("invalid_input", "Please check the promotion.", problems);
    if (values.code) {
      const holder = await findByCode(k, values.code);
      if (holder && holder.id !== id)
        throw new AppError("conflict", `The code ${values.code} is already used by “${holder.name}”.`, { code: "Choose another code" });
    }
  }

  /** Stores a write; a code taken meanwhile by another write is the same 409 as above. */
  async function write(run: () => Promise<void>, code: string | null): Promise<void> {
    try {
      await run();
      epoch.bump();
    } catch (err) {
      if (code && /unique|duplicate/i.test(String((err as Error).message))) {
        throw new AppError("conflict", `The code ${code} is already used by another promotion.`, { code: "Choose another code" });
      }
      throw err;
    }
  }

  return {
    /** The promotions switched on, with the uses of those that have a usage limit (cached a few seconds; a write here drops it), read on `x` when not held. */
    live(x: typeof k = k): Promise<LivePromotions> {
      return liveCache.get(`live:${counted}`, async () => {
        const rows = await listActiveRows(x);
        return { rules: rows.map(ruleOf), uses: new Map(rows.map((r) => [r.id, r.uses])) };
      });
    },

    /** The automatic promotions running now that concern a product (a product page names them). */
    async forProduct(product: PromotedProduct): Promise<PromotionRule[]> {
      const { rules, uses } = await this.live();
      return automaticPromotionsFor(rules, product, uses, now());
    },

    /** Orders this customer placed with each of these promotions (cancelled ones given back), read on `x` (an order's transaction). */
    customerUses: (x: typeof k, customerKey: string, promotionIds: readonly string[]) => countCustomerUses(x, customerKey, promotionIds),

    /**
     * In the order's transaction: counts the order's use of each promotion it got, and refuses the
     * order (409 "This code has been used up", rolling it back) when a promotion with a usage limit
     * reached it meanwhile: the limit is exact whatever the concurrency.
     */
    async recordUses(trx: typeof k, use: PromotionUse, usedUp: (promotion: AppliedPromotion) => Error): Promise<void> {
      if (use.applied.length === 0) return;
      const { rules } = await this.live(trx);
      for (const p of use.applied) {
        const limited = rules.find((r) => r.id === p.promotionId)?.usageLimit != null;
        if (limited && !(await takeUse(trx, p.promotionId))) throw usedUp(p);
        if (limited) counted++;
      }
      const at = nowIso();
      const totalBase = toBaseAmount(use.orderTotal, use.exchangeRate);
      await insertUses(
        trx,
        use.applied.map((p) => ({
          id: newId(),
          promotion_id: p.promotionId,
          order_id: use.orderId,
          customer_key: use.customerKey,
          amount: p.amount,
          base_amount: toBaseAmount(p.amount, use.exchangeRate),
          order_total_base: totalBase,
          created_at: at,
        })),
      );
    },

    /** In the cancel's transaction: the order's uses are given back to their promotions. */
    async releaseUses(trx: typeof k, orderId: string): Promise<void> {
      for (const id of await cancelUses(trx, orderId)) await giveUseBack(trx, id);
      counted++;
    },

    /**
     * Each promotion's figures for a period of days in the shop's time zone (the sales report's):
     * orders placed with it (cancelled ones given back), the discount it gave and those orders'
     * totals, in the base currency's major unit, most discount first.
     */
    async report(period: { from: LocalDate; to: LocalDate; timeZone: string }): Promise<PromotionFigures[]> {
      const from = new Date(localMidnight(period.timeZone, period.from)).toISOString();
      const to = new Date(localMidnight(period.timeZone, addDays(period.to, 1))).toISOString();
      return (await listPromotionFigures(k, from, to)).map((r) => ({ ...r, discount: toMajor(r.discount), revenue: toMajor(r.revenue) }));
    },

    async list(): Promise<AdminPromotion[]> {
      return (await listPromotionRows(k).execute()).map(toAdmin);
    },

    async get(id: string): Promise<AdminPromotion> {
      return toAdmin(await requireRow(id));
    },

    async create(actor: AuditActor, input: unknown): Promise<AdminPromotion> {
      const values = newPromotionValues(parseInput(promotionCreateSchema, input, "Please check the promotion."));
      await check(values, null);
      const id = newId();
      const at = nowIso();
      await write(
        () =>
          k.transaction().execute(async (trx) => {
            await insertPromotion(trx, { id, ...promotionColumns(values), created_at: at, updated_at: at });
            await appendAudit(trx, actor, { action: "promotion.create", entityType: "promotion", entityId: id, changes: changedFields(null, { ...values }) });
          }),
        values.code,
      );
      return toAdmin(await requireRow(id));
    },

    async update(actor: AuditActor, id: string, input: unknown): Promise<AdminPromotion> {
      const patch = parseInput(promotionPatchSchema, input, "Please check the promotion.");
      const before = valuesOf(await requireRow(id));
      const values = patchedPromotionValues(before, patch);
      await check(values, id);
      await write(
        () =>
          k.transaction().execute(async (trx) => {
            // The counter the usage limit is held by starts from the uses so far (a limit set now counts the orders before it).
            const uses = values.usageLimit !== null && before.usageLimit === null ? { uses: await countUses(trx, id) } : {};
            await updatePromotion(trx, id, { ...promotionColumns(values), ...uses, updated_at: nowIso() });
            const changes = changedFields({ ...before }, { ...values });
            if (Object.keys(changes).length) await appendAudit(trx, actor, { action: "promotion.update", entityType: "promotion", entityId: id, changes });
          }),
        values.code,
      );
      return toAdmin(await requireRow(id));
    },

    /** Deletes a promotion; the orders placed with it keep their discounts as they were. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      await k.transaction().execute(async (trx) => {
        if (!(await deletePromotion(trx, id))) throw new AppError("not_found", "There is no such promotion.");
        await appendAudit(trx, actor, { action: "promotion.delete", entityType: "promotion", entityId: id });
      });
      epoch.bump();
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotions>;
