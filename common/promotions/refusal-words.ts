import { AppError } from "../errors";
import type { Translate } from "../i18n/translate";
import { formatMoney, toMajor } from "../money";
import type { Refusal } from "./promotions.compute";

/** What words a refusal need beyond the catalogs: the cart's currency, the page's locale and the shop's time zone. */
export interface RefusalWording {
  currency: string;
  locale: string;
  timeZone: string;
}

/** The wording of a shop's settings for a cart in `currency` (the shop's locale unless the page names its own). */
export function refusalWording(settings: { locale?: string; timeZone?: string }, currency: string, locale?: string): RefusalWording {
  return { currency, locale: locale ?? (settings.locale || "en-US"), timeZone: settings.timeZone || "UTC" };
}

const dayOf = (iso: string, w: RefusalWording) =>
  new Intl.DateTimeFormat(w.locale, { day: "numeric", month: "long", timeZone: w.timeZone || "UTC" }).format(new Date(iso));

/**
 * Why a discount code gives nothing, as a shopper reads it in the page's language: "This code
 * expired on 3 March", "Add $12.00 more to use this code", "This code has been used up". The API
 * answers with the English words; pages and mails with their language's.
 */
export function refusalText(t: Translate, refusal: Refusal, w: RefusalWording): string {
  switch (refusal.reason) {
    case "unknown":
      return t("cart.code.unknown");
    case "inactive":
      return t("cart.code.inactive");
    case "not_started":
      return t("cart.code.notStarted", { date: dayOf(refusal.at, w) });
    case "expired":
      return t("cart.code.expired", { date: dayOf(refusal.at, w) });
    case "used_up":
      return t("cart.code.usedUp");
    case "used_by_customer":
      return t("cart.code.usedByCustomer");
    case "first_order_only":
      return t("cart.code.firstOrderOnly");
    case "no_eligible_items":
      return t("cart.code.noEligibleItems");
    case "min_subtotal":
      return t("cart.code.minSubtotal", { amount: formatMoney(toMajor(refusal.missing), w.currency, w.locale) });
    case "not_combinable":
      return t("cart.code.notCombinable", { promotion: refusal.with });
  }
}

/** A refusal the shop stands by (used up, already used, beaten by another promotion): 409; the others are the code's or the cart's (400). */
export const isConflictRefusal = (refusal: Refusal) =>
  refusal.reason === "used_up" || refusal.reason === "used_by_customer" || refusal.reason === "not_combinable";

/** A typed code the cart refused, with why: pages word `refusal` in their language; the API answers `message` (English). */
export class CodeRefused extends AppError {
  constructor(
    readonly refusal: Refusal,
    readonly typed: string,
    message: string,
  ) {
    super(isConflictRefusal(refusal) ? "conflict" : "invalid_input", message, { code: message });
  }
}
