/**
 * How a promotion reads to the admin: its status with its badge's colour, its period in the shop's
 * time zone, what it concerns, and why a cart gets nothing from it. The list, the edit screen and
 * the live example all read through here; its offer is worded as the storefront words it
 * (common/promotions/offer-words.ts).
 */
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import type { Refusal } from "#common/promotions/promotions.compute";
import type { PromotionStatus, PromotionValues } from "#common/promotions/promotions.schema";
import type { StatusTone } from "../ui";

/** Formats an amount in the shop's major unit (12.5) as money. */
type Money = (amount: number) => string;

/** The status tabs' order and address values ("used up" is `used-up` in the address). */
export const STATUS_TABS = [
  { status: "active", param: "active" },
  { status: "scheduled", param: "scheduled" },
  { status: "expired", param: "expired" },
  { status: "used up", param: "used-up" },
  { status: "inactive", param: "inactive" },
] as const satisfies ReadonlyArray<{ status: PromotionStatus; param: string }>;

/** Each status's label and its badge's colour. */
export const STATUS_WORDS: Record<PromotionStatus, { label: MessageKey; tone: StatusTone }> = {
  active: { label: "admin.promotions.status.active", tone: "success" },
  scheduled: { label: "admin.promotions.status.scheduled", tone: "info" },
  expired: { label: "admin.promotions.status.expired", tone: "neutral" },
  "used up": { label: "admin.promotions.status.usedUp", tone: "warning" },
  inactive: { label: "admin.promotions.status.inactive", tone: "neutral" },
};

/** A moment as the admin reads it, in the shop's time zone: "Mar 1, 2027, 9:00 AM". */
export function momentText(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(new Date(iso));
}

/** When a promotion runs, in the shop's time zone: "Mar 1, 2027, 9:00 AM – Mar 31, 2027, 11:59 PM", "From …", "Until …", "No time limit". */
export function periodText(p: Pick<PromotionValues, "startsAt" | "endsAt">, zone: string, t: Translate): string {
  if (p.startsAt && p.endsAt) return t("admin.promotions.period.between", { from: momentText(p.startsAt, zone), until: momentText(p.endsAt, zone) });
  if (p.startsAt) return t("admin.promotions.period.from", { from: momentText(p.startsAt, zone) });
  if (p.endsAt) return t("admin.promotions.period.until", { until: momentText(p.endsAt, zone) });
  return t("admin.promotions.period.always");
}

/** Its uses against its limit: "3 / 100", or "3" without a limit. */
export function usesText(p: { uses: number; usageLimit: number | null }): string {
  return p.usageLimit === null ? p.uses.toLocaleString("en") : `${p.uses.toLocaleString("en")} / ${p.usageLimit.toLocaleString("en")}`;
}

/** What it concerns: "Whole order", or "2 products, 1 category". */
export function targetText(p: Pick<PromotionValues, "productIds" | "categorySlugs">, t: Translate): string {
  const parts = [
    p.productIds.length ? t("admin.promotions.target.products", { count: p.productIds.length }) : null,
    p.categorySlugs.length ? t("admin.promotions.target.categories", { count: p.categorySlugs.length }) : null,
  ].filter((x): x is string => x !== null);
  return parts.length ? parts.join(", ") : t("admin.promotions.target.wholeOrder");
}

/**
 * Why a cart gets nothing from the promotion, in words (the live example's); `money` formats minor
 * units, `zone` is the shop's time zone.
 */
export function refusalText(refusal: Refusal, t: Translate, money: Money, zone: string): string {
  switch (refusal.reason) {
    case "inactive":
      return t("admin.promotions.why.inactive");
    case "not_started":
      return t("admin.promotions.why.notStarted", { at: momentText(refusal.at, zone) });
    case "expired":
      return t("admin.promotions.why.expired", { at: momentText(refusal.at, zone) });
    case "used_up":
      return t("admin.promotions.why.usedUp");
    case "used_by_customer":
      return t("admin.promotions.why.usedByCustomer");
    case "first_order_only":
      return t("admin.promotions.why.firstOrderOnly");
    case "no_eligible_items":
      return t("admin.promotions.why.noEligibleItems");
    case "min_subtotal":
      return t("admin.promotions.why.minSubtotal", { missing: money(refusal.missing) });
    case "not_combinable":
      return t("admin.promotions.why.notCombinable", { name: refusal.with });
    case "unknown":
      return t("admin.promotions.why.unknown");
  }
}
