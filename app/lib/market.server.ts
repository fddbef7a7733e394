import type { AppLoadContext } from "react-router";
import { type Market, baseMarket, currencyForLanguage, marketOf } from "#common/currency";
import { requestLanguage } from "./i18n.server";

/** The cookie that keeps the currency a shopper chose (a shop cookie: their pages are not shared from the page cache). */
export const CURRENCY_COOKIE = "shop.currency";

/** The currency code a request's cookie names, if any. */
export function chosenCurrency(request: Request): string | null {
  const match = /(?:^|;\s*)shop\.currency=([A-Za-z]{3})(?:;|$)/.exec(request.headers.get("cookie") ?? "");
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * The currency a page shows its amounts in: the one the shopper chose (cookie) while the shop
 * offers it, else the one the page's language opens in (common/currency.ts currencyForLanguage).
 */
export async function pageMarket(request: Request, context: AppLoadContext): Promise<Market> {
  const settings = await context.services.content.getSettings();
  return marketOf(settings, chosenCurrency(request)) ?? marketOf(settings, currencyForLanguage(settings, requestLanguage(request))) ?? baseMarket(settings);
}
