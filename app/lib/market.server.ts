import { type Market, baseMarket, currencyForLanguage, marketOf } from "#common/currency";
import { cookieCurrency } from "#server/http/market";
import type { Services } from "#server/wiring/services";
import { requestLanguage } from "./i18n.server";

/** The cookie that keeps the currency a shopper chose (a shop cookie: their pages are not shared from the page cache). */
export { CURRENCY_COOKIE } from "#server/http/market";

/**
 * The currency a page shows its amounts in: the one the shopper chose (cookie) while the shop
 * offers it, else the one the page's language opens in (common/currency.ts currencyForLanguage).
 */
export async function pageMarket(request: Request, services: Pick<Services, "content">): Promise<Market> {
  const settings = await services.content.getSettings();
  return (
    marketOf(settings, cookieCurrency(request.headers.get("cookie"))) ??
    marketOf(settings, currencyForLanguage(settings, requestLanguage(request))) ??
    baseMarket(settings)
  );
}
