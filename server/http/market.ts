import type { Context } from "hono";
import { type Market, marketOf } from "#common/currency";
import { AppError } from "#common/errors";
import { LANGUAGES, type Language, isLanguage } from "#common/i18n/languages";
import type { AppEnv } from "./context";

/**
 * The currency a request asks its amounts in (`?currency=EUR`), as its market; null when it names
 * none, so that the answer is exactly the one without currencies. A currency the shop does not
 * offer is a 400.
 */
export async function requestMarket(c: Context<AppEnv>): Promise<Market | null> {
  const code = c.req.query("currency");
  if (code === undefined || code === "") return null;
  const settings = await c.var.services.content.getSettings();
  const market = marketOf(settings, code);
  if (!market) {
    const offered = [settings.currency, ...settings.currencies.map((x) => x.code)].join(", ");
    throw new AppError("invalid_input", `This shop does not sell in ${code.toUpperCase().slice(0, 10)}: it offers ${offered}`, {
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
