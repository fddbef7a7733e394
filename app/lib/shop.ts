import { useRouteLoaderData } from "react-router";
import type { Category } from "../../server/modules/catalog/catalog.types";
import type { PixelConfig, SiteSettings } from "../../server/modules/content/content.schema";
import { formatMoney } from "./money";

export interface RootData {
  settings: SiteSettings;
  categories: Category[];
  pixel: PixelConfig | null;
  publicUrl: string;
}

/** The shop-wide data the root loader provides: settings, category tree, pixel config. */
export function useShop(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useShop() outside the root route");
  return data;
}

/** A money formatter bound to the shop's currency and locale. */
export function useMoney(): (amount: number) => string {
  const { settings } = useShop();
  return (amount) => formatMoney(amount, settings.currency, settings.locale);
}
