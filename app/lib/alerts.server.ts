import { AppError } from "#common/errors";
import type { Translate } from "#common/i18n/translate";
import type { SubscribeResult } from "#modules/alerts";
import { getUser } from "~/lib/auth.server";
import { requestLanguage, requestT } from "~/lib/i18n.server";
import { pageMarket } from "~/lib/market.server";

/** What the product page's back-in-stock form gets back: the alert's state, or a message in the page's language (and the field it is about). */
export type StockAlertResult = { ok: true; status: SubscribeResult["status"] } | { ok: false; message: string; field?: "email" };

/** A refused alert in the shopper's words: in stock again, a bad address, or anything else. */
function refusal(err: unknown, t: Translate): StockAlertResult {
  if (err instanceof AppError && err.code === "conflict") return { ok: false, message: t("alerts.form.inStock") };
  if (err instanceof AppError && err.code === "invalid_input" && err.fields?.email) return { ok: false, message: t("alerts.form.badEmail"), field: "email" };
  if (!(err instanceof AppError)) console.error("a back-in-stock alert failed", err);
  return { ok: false, message: t("alerts.form.failed") };
}

/** Asks for a back-in-stock alert from a page's form: the signed-in account, the page's language and the currency the shopper sees. */
export async function subscribeFromPage(request: Request, context: import("react-router").AppLoadContext, form: FormData): Promise<StockAlertResult> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  try {
    const market = await pageMarket(request, context.services);
    const result = await context.services.alerts.subscribe(
      { productId: text("productId") ?? "", color: text("color") || null, size: text("size") || null, email: text("email") ?? "" },
      { user: getUser(context), language: requestLanguage(request), currency: market.currency },
    );
    return { ok: true, status: result.status };
  } catch (err) {
    return refusal(err, requestT(request));
  }
}
