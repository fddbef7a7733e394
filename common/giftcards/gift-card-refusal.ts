import { AppError } from "../errors";
import { formatMoney } from "../money";
import type { MessageKey } from "../i18n/catalogs";
import type { Translate } from "../i18n/translate";

/** Why a gift card cannot pay (unknown, switched off, expired, used up, another currency, its balance moved), as a catalog key with its words. */
export interface GiftCardRefusalWords {
  reason: string;
  message: MessageKey;
  /** The card's currency, for `other_currency`. */
  currency?: string;
  /** The card's last four characters, for a balance that moved meanwhile. */
  last4?: string;
  /** What the cards left to pay (major unit of `currency`), formatted in the reader's locale. */
  due?: { amount: number; currency: string };
}

/** A refusal in the reader's language ("This gift card has expired."), money in `locale` (the API's: en-US). */
export function giftCardRefusalText(t: Translate, refusal: GiftCardRefusalWords, locale = "en-US"): string {
  const amount = refusal.due ? formatMoney(refusal.due.amount, refusal.due.currency, locale) : "";
  return t(refusal.message, { currency: refusal.currency ?? "", last4: refusal.last4 ?? "", amount });
}

/**
 * A gift card the cart or the order refused, with why: pages word `refusal` in their language; the
 * API answers `message` (English). 409 for what the shop stands by (used up, its balance moved
 * meanwhile), 400 for the code or the cart's.
 */
export class GiftCardRefused extends AppError {
  constructor(
    readonly refusal: GiftCardRefusalWords,
    message: string,
  ) {
    super(refusal.reason === "used_up" || refusal.reason === "balance_moved" ? "conflict" : "invalid_input", message, { code: message });
  }
}
