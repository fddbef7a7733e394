import type { Context } from "hono";
import { type Market, marketOf } from "#common/currency";
import { AppError } from "#common/errors";
import { LANGUAGES, type Language, isLanguage } from "#common/i18n/languages";
import type { AppEnv } from "./context";

/** The cookie that keeps the currency a shopper chose (the currency switcher's form sets it). */
export const CURRENCY_COOKIE = "shop.currency";

/** The currency code a Cookie header's `shop.currency` names (upper case), if any. */
export function cookieCurrency(cookie: string | null | undefined): string | null {
  const match = /(?:^|;\s*)shop\.currency=([A-Za-z]{3})(?:;|$)/.exec(cookie ?? "");
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * Where a request names the currency of its amounts: `?currency=` (a non-blank value wins), else the
 * currency cookie; null when it names none. The public-read cache keys its answers by this
 * (page-pipeline/public-cache.ts), so it can never tell a request apart differently from the route.
 */
export function askedCurrency(query: string | null | undefined, cookie: string | null | undefined): { code: string; from: "query" | "cookie" } | null {
  if (query) return { code: query, from: "query" };
  const chosen = cookieCurrency(cookie);
  return chosen ? { code: chosen, from: "cookie" } : null;
}

/**
 * The currency a request asks its amounts in, as its market: `?currency=EUR`, else the shopper's
 * currency cookie; null when it names none, so that the answer is exactly the one without
 * currencies. A `?currency=` the shop does not offer is a 400; a cookie naming one it no longer
 * offers counts as no cookie (the shopper chose it when it was offered).
 */
export async function requestMarket(c: Context<AppEnv>): Promise<Market | null> {
  const asked = askedCurrency(c.req.query("currency"), c.req.header("cookie"));
  if (!asked) return null;
  const settings = await c.var.services.content.getSettings();
  const market = marketOf(settings, asked.code);
  if (!market && asked.from === "query") {
    const offered = [settings.currency, ...settings.currencies.map((x) => x.code)].join(", ");
    throw new AppError("invalid_input", `This shop does not sell in ${asked.code.toUpperCase().slice(0, 10)}: it offers ${offered}`, {
      currency: `One of ${offered}`,
    });
  }
  return market;
}

/**
 * The language a request asks the catalogue's texts in (`?lang=de`), or undefined when it names
 * none, so that the answer is exactly the one without languages. A code the shop does not speak is
 * a 400.
 */
export function requestLanguageParam(c: Context<AppEnv>): Language | undefined {
  const code = c.req.query("lang");
  if (code === undefined || code === "") return undefined;
  if (!isLanguage(code))
    throw new AppError("invalid_input", `This shop is not written in ${code.slice(0, 10)}: it speaks ${LANGUAGES.join(", ")}`, {
      lang: `One of ${LANGUAGES.join(", ")}`,
    });
  return code;
}
