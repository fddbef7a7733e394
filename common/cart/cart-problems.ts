import type { MessageKey } from "../i18n/catalogs";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages";
import type { MessageValues, Translate } from "../i18n/translate";

// The cart's messages about its lines ("Only 2 left of Linen Shirt"), apart from service-words.ts so
// that the cart's pages, which say them in the browser, do not load the country list with it.

/** A message's English shape, its key, and its parts as the key's values. */
export interface Shape {
  pattern: RegExp;
  key: MessageKey;
  values: (m: RegExpExecArray, say: (text: string) => string, language: Language) => MessageValues;
}

/** The stock and per-order cap problems and refusals of the cart (its lines, the checkout's problems, adds and updates). */
export const CART_PROBLEMS: Shape[] = [
  { pattern: /^(.+) \(you have (\d+) in your cart\)$/s, key: "cart.problem.inCart", values: (m, say) => ({ problem: say(m[1]!), count: Number(m[2]) }) },
  { pattern: /^Only (\d+) left of (.+)$/s, key: "cart.problem.onlyLeft", values: (m) => ({ count: Number(m[1]), label: m[2] }) },
  { pattern: /^(.+) is sold out$/s, key: "cart.problem.soldOut", values: (m) => ({ label: m[1] }) },
  { pattern: /^(.+) is no longer available$/s, key: "cart.problem.gone", values: (m) => ({ label: m[1] }) },
  {
    pattern: /^You can order at most (\d+) of (.+) in one order$/s,
    key: "cart.problem.perOrderCap",
    values: (m) => ({ max: Number(m[1]), name: m[2] }),
  },
  { pattern: /^(.+) does not come in colours\.$/s, key: "cart.problem.noColours", values: (m) => ({ name: m[1] }) },
  { pattern: /^(.+) does not come in sizes\.$/s, key: "cart.problem.noSizes", values: (m) => ({ name: m[1] }) },
  { pattern: /^(.+) does not come in size (.+)\.$/s, key: "cart.problem.notInSize", values: (m) => ({ name: m[1], size: m[2] }) },
  { pattern: /^(.+) does not come in (.+)\.$/s, key: "cart.problem.notInColour", values: (m) => ({ name: m[1], colour: m[2] }) },
  { pattern: /^(.+) is not available\.$/s, key: "cart.problem.combinationGone", values: (m) => ({ label: m[1] }) },
  { pattern: /^Quantity can be at most (\d+)\.?$/, key: "cart.problem.quantityMax", values: (m) => ({ max: Number(m[1]) }) },
  { pattern: /^At most (\d+)$/, key: "cart.problem.atMost", values: (m) => ({ max: Number(m[1]) }) },
  {
    pattern: /^“(.+)” is no longer available and was removed from your cart\.$/s,
    key: "cart.notice.withdrawn",
    values: (m) => ({ name: m[1] }),
  },
];

/**
 * A cart line's problem in the page's language; null when it has none of the shapes above. English
 * is the services' own language: their text as it is.
 */
export function cartProblemText(t: Translate, text: string, language: Language): string | null {
  if (language === DEFAULT_LANGUAGE) return text;
  const say = (part: string) => cartProblemText(t, part, language) ?? part;
  for (const shape of CART_PROBLEMS) {
    const m = shape.pattern.exec(text);
    if (m) return t(shape.key, shape.values(m, say, language));
  }
  return null;
}
