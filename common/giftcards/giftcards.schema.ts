import { z } from "zod";
import { addDays, localDateOf, localMidnight } from "#common/calendar";
import { LANGUAGES } from "#common/i18n/languages";
import { moneyAmount } from "#common/money.schema";

// The one schema of a gift card as the admin issues it (POST /api/admin/gift-cards and the issue
// form) and changes it (PATCH), and the one rule of how a code is written and compared.

/** Where a card is in its life, as the admin list says it. */
export const GIFT_CARD_STATUSES = ["active", "disabled", "expired", "used up"] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** The kinds of a ledger row: each move of a balance, and the switches that stop and restart a card. */
export const LEDGER_KINDS = ["issue", "redeem", "refund", "adjust", "disable", "enable"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The characters of a code: capitals and digits without the ones read as each other (0/O, 1/I).
 * 32 of them, so each random byte's low five bits pick one without bias.
 */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Characters in a code: 16 of 32 possible is 80 random bits, beyond guessing. */
export const CODE_LENGTH = 16;
export const MAX_GIFT_CARD_AMOUNT = 100_000;
export const MAX_GIFT_CARD_NOTE = 500;

/** A code as the shop stores and compares it: without spaces and dashes, upper case ("abcd-efgh …" → "ABCDEFGH…"). */
export function normaliseGiftCardCode(code: string): string {
  return code
    .trim()
    .replace(/[\s-]+/g, "")
    .toUpperCase();
}

/** A code as people read it: groups of four joined by dashes (XXXX-XXXX-XXXX-XXXX). */
export function groupGiftCardCode(code: string): string {
  return (normaliseGiftCardCode(code).match(/.{1,4}/g) ?? []).join("-");
}

/** The instant a card valid through `day` ("2027-12-31") stops: the next day's midnight in the shop's time zone. */
export function endOfDay(day: string, timeZone: string): string {
  return new Date(localMidnight(timeZone, addDays(day, 1))).toISOString();
}

/** The last day a card can be spent, in the shop's time zone ("2027-12-31"): the day its last instant falls on. */
export function lastSpendableDay(expiresAt: string, timeZone: string): string {
  return localDateOf(timeZone, Date.parse(expiresAt) - 1);
}

/** A day ("2027-12-31") in words, in `locale`: "31 December 2027". */
export function dayInWords(day: string, locale: string, month: "long" | "short" = "long"): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month, year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}

/** Text of a form or JSON: trimmed, blank (or absent) as null. */
const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} is too long (${max} characters at most)`)
    .nullish()
    .transform((v) => v || null);

/** A calendar day (valid through its end in the shop's time zone) or an instant; blank: never expires. */
const expiry = z
  .string({ error: "The expiry must be a date such as 2027-12-31" })
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine(
    (v) =>
      v === null || (/^\d{4}-\d\d-\d\d$/.test(v) && !Number.isNaN(Date.parse(v))) || (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v) && !Number.isNaN(Date.parse(v))),
    "The expiry must be a date such as 2027-12-31",
  );

export const giftCardIssueSchema = z.object({
  amount: moneyAmount("The amount", MAX_GIFT_CARD_AMOUNT).refine((n) => n > 0, "The amount must be more than 0"),
  /** The shop's base currency when not given; another one the shop offers otherwise. */
  currency: z
    .string({ error: "The currency must be a three-letter code such as EUR" })
    .trim()
    .toUpperCase()
    .nullish()
    .transform((v) => v || null),
  expiresAt: expiry,
  recipientEmail: z
    .string({ error: "The recipient's e-mail must be text" })
    .trim()
    .max(200, "This e-mail address is too long")
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || z.email().safeParse(v).success, "Enter a valid e-mail address, or leave it empty"),
  note: optionalText("The note", MAX_GIFT_CARD_NOTE),
  /** The language of the recipient's mail; the shop's default when not given. */
  language: z.enum(LANGUAGES, { error: `The language is one of ${LANGUAGES.join(", ")}` }).nullish(),
});
export type GiftCardIssueInput = z.infer<typeof giftCardIssueSchema>;

export const giftCardPatchSchema = z.object({
  active: z.boolean({ error: "active is true or false" }),
});
