import type { MessageKey } from "../i18n/catalogs";
import { DEFAULT_LANGUAGE, type Language, LOCALES } from "../i18n/languages";
import type { Translate } from "../i18n/translate";
import { countryCode } from "../geo";
import { CART_PROBLEMS, type Shape } from "./cart-problems";
import { localCountryName } from "./country-names";

// The cart's, checkout's and orders' messages that carry a name or a number ("Only 2 left of Linen
// Shirt"), in the page's language. The services answer in English (the API's words) and build these
// texts from their parts, so the `errors` catalog cannot hold them by their text: each is matched
// here by its English shape and said again with its parts. Fixed texts go through the `errors`
// catalog (localizeMessage); a text matched by neither stays as it is.

/** The words each region list is called by in the services' messages (common/geo.ts), by the kind the catalogs name. */
export const REGION_KIND: Readonly<Record<string, "state" | "province" | "territory">> = {
  state: "state",
  "province or territory": "province",
  "state or territory": "territory",
};

const WAIT_UNIT: Readonly<Record<string, "second" | "minute" | "hour">> = {
  second: "second",
  seconds: "second",
  minute: "minute",
  minutes: "minute",
  hour: "hour",
  hours: "hour",
};

const WAIT_SHAPE = /^(\d+) (seconds?|minutes?|hours?)$/;

/** A country's name as the messages give it (English), in the page's language. */
const country = (name: string, language: Language): string => {
  const code = countryCode(name);
  return code ? localCountryName(code, language) : name;
};

const ORDER_LIMITS: ReadonlyArray<[string, MessageKey]> = [
  ["You have placed several orders in a short time.", "cart.limit.shopper"],
  ["Too many orders for this e-mail address in a short time.", "cart.limit.email"],
  ["Too many orders for this phone number in a short time.", "cart.limit.phone"],
  ["Too many orders from your network in a short time.", "cart.limit.network"],
];

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const SHAPES: Shape[] = [
  ...CART_PROBLEMS,
  // The delivery address and the shipping method.
  { pattern: /^We don't ship to (.+) yet\.$/s, key: "cart.checkout.noZone", values: (m, _say, language) => ({ country: country(m[1]!, language) }) },
  {
    pattern: /^(.+) does not deliver to this address\. Please choose one of the shipping methods offered\.$/s,
    key: "cart.checkout.zoneElsewhere",
    values: (m) => ({ method: m[1] }),
  },
  {
    pattern: /^Please choose your (state|province or territory|state or territory)$/,
    key: "cart.address.regionMissing",
    values: (m) => ({ kind: REGION_KIND[m[1]!] }),
  },
  {
    pattern: /^Please choose a (state|province or territory|state or territory) of (.+) from the list$/s,
    key: "cart.address.regionUnknown",
    values: (m, _say, language) => ({ kind: REGION_KIND[m[1]!], country: country(m[2]!, language) }),
  },
  // Placing orders: the limits.
  ...ORDER_LIMITS.map(
    ([start, key]): Shape => ({
      pattern: new RegExp(`^${literally(start)} Please try again in (.+)\\.$`),
      key,
      values: (m, say) => ({ wait: say(m[1]!) }),
    }),
  ),
  {
    pattern: /^You already have (\d+) orders? waiting for this e-mail address or phone number\./,
    key: "cart.limit.open",
    values: (m) => ({ count: Number(m[1]) }),
  },
  // Cancelling and returning.
  {
    pattern: /^This order is (\w+) and can no longer be cancelled\.$/,
    key: "cart.order.cannotCancel",
    values: (m) => ({ status: m[1] }),
  },
  { pattern: /^You can return at most (\d+) × (.+)\.$/s, key: "cart.returns.atMostOf", values: (m) => ({ count: Number(m[1]), label: m[2] }) },
  { pattern: /^(.+) has been asked for in a return already\.$/s, key: "cart.returns.alreadyAsked", values: (m) => ({ label: m[1] }) },
  {
    pattern: /^The return window of (\d+) days after delivery closed on (\d{4}-\d{2}-\d{2})\.$/,
    key: "cart.returns.windowClosed",
    values: (m, _say, language) => ({ days: Number(m[1]), date: localDate(m[2]!, language) }),
  },
  { pattern: /^Say why you are returning these items\.$/, key: "cart.returns.sayWhy", values: () => ({}) },
];

/** A calendar day ("2026-03-01") in the language's words ("1. März 2026"). */
function localDate(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * A cart, checkout or order message with names or numbers in it, in the page's language; null when
 * the text has none of the shapes above (a fixed text: see the `errors` catalog). English is the
 * services' own language: their text as it is.
 */
export function serviceText(t: Translate, text: string, language: Language): string | null {
  if (language === DEFAULT_LANGUAGE) return text;
  // A duration, as the order limits say it ("5 minutes") in their messages' `{wait}`.
  const wait = WAIT_SHAPE.exec(text);
  if (wait) return t("cart.wait", { count: Number(wait[1]), unit: WAIT_UNIT[wait[2]!] });
  const say = (part: string) => serviceText(t, part, language) ?? part;
  for (const shape of SHAPES) {
    const m = shape.pattern.exec(text);
    if (m) return t(shape.key, shape.values(m, say, language));
  }
  return null;
}
