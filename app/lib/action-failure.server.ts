import { AppError } from "#common/errors";
import { serviceText } from "#common/cart/service-words";
import { DEFAULT_LANGUAGE } from "#common/i18n/languages";
import { localizeMessage, requestLanguage, requestT } from "~/lib/i18n.server";

/**
 * A message of the services (English, the API's words) as the shopper of this request's page reads
 * it: a fixed text through the `errors` catalog, one with names or numbers in it by its shape
 * (common/cart/service-words.ts); anything else as it is.
 */
export function shopperMessage(request: Request, text: string): string {
  const language = requestLanguage(request);
  if (language === DEFAULT_LANGUAGE) return text;
  const t = requestT(request);
  const fixed = localizeMessage(t, text);
  return fixed !== text ? fixed : (serviceText(t, text, language) ?? text);
}

/** Each field's message of a refused form, as `shopperMessage` says it. */
export function shopperFields(request: Request, fields: Record<string, string>): Record<string, string>;
export function shopperFields(request: Request, fields: Record<string, string> | undefined | null): Record<string, string> | undefined;
export function shopperFields(request: Request, fields: Record<string, string> | undefined | null): Record<string, string> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, shopperMessage(request, text)]));
}

/**
 * A failed write as the shopper reads it: an AppError's message and status, or (for anything
 * unexpected, which is logged) a generic apology with 500. Given the request, in its page's language.
 */
export function actionFailure(err: unknown, what: string, request?: Request): { message: string; status: number } {
  if (err instanceof AppError) return { message: request ? shopperMessage(request, err.message) : err.message, status: err.status };
  console.error(`${what} failed`, err);
  return { message: request ? requestT(request)("cart.failure.generic") : "Something went wrong on our side. Please try again.", status: 500 };
}
