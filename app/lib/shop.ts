import { useRouteLoaderData } from "react-router";
import type { Category } from "#modules/catalog";
import type { PixelConfig, SiteSettings } from "#common/content/content.schema";
import type { PaymentMethod } from "#common/payments/payment-methods";
import { formatMoney } from "./money";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import { useLanguage } from "./i18n";

export interface RootData {
  settings: SiteSettings;
  categories: Category[];
  pixel: PixelConfig | null;
  publicUrl: string;
  /** Where stored pictures load from (the object store's public address, or /uploads): see useImageBase. */
  imageBase: string;
  /** The ways an order can be paid now (the checkout accepts exactly these). */
  paymentMethods: PaymentMethod[];
}

/** The shop-wide data the root loader provides: settings, category tree, pixel config, ways to pay. */
export function useShop(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useShop() outside the root route");
  return data;
}

/** A money formatter bound to the shop's currency and the page's locale. */
export function useMoney(): (amount: number) => string {
  const { settings } = useShop();
  const { locale } = useLanguage();
  return (amount) => formatMoney(amount, settings.currency, locale);
}

/**
 * The return policy in a shopper's words, from the window the returns desk enforces
 * (`returnWindowDays`: days after delivery; 0 takes no returns).
 */
export function returnsText(settings: Pick<SiteSettings, "returnWindowDays">, t: Translate): string {
  const days = settings.returnWindowDays;
  if (days <= 0) return t("shop.returns.none");
  return t("shop.returns.within", { days });
}

const METHOD_NAMES: Record<PaymentMethod, MessageKey> = { card: "shop.pay.card", cod: "shop.pay.cod" };

/** How shoppers can pay, from the methods the checkout accepts now: "Pay by cash on delivery or card"; "" for none. */
export function paymentMethodsText(offered: readonly PaymentMethod[], t: Translate): string {
  const [first, second] = offered.map((m) => t(METHOD_NAMES[m]));
  if (first === undefined) return "";
  return second === undefined ? t("shop.pay.one", { method: first }) : t("shop.pay.two", { first, second });
}
