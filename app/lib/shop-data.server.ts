import type { Services } from "#server/wiring/services";
import { settingsInLanguage, siteSettingsSchema } from "#common/content/content.schema";
import { liveChatEmbed } from "#common/content/live-chat";
import { imageVariantUrl, publicImageUrl } from "#common/images/image-sizes";
import { offeredPaymentMethods } from "#common/payments/payment-methods";
import type { Language } from "#common/i18n/languages";

/**
 * The browser tab's icons: the settings' favicon (its 32 px and 180 px sizes when uploaded, from
 * where stored pictures load: `imageBase`), else the shop's default ones.
 */
export function shopIcons(favicon: string, imageBase?: string): { icon: string; type?: string; appleTouch: string } {
  if (!favicon) return { icon: "/favicon.svg", type: "image/svg+xml", appleTouch: "/apple-touch-icon.png" };
  return {
    icon: publicImageUrl(imageVariantUrl(favicon, "favicon", 32), imageBase),
    appleTouch: publicImageUrl(imageVariantUrl(favicon, "favicon", 180), imageBase),
  };
}

/**
 * The shop-wide data of the root loader. A failing settings load falls back to the defaults and
 * sets `settingsError` (the page shows 'Failed to load settings'); a failing pixel config load is
 * kept as null and shows nothing; a failing category load leaves the menus empty. The ways to pay
 * are the ones the checkout accepts, for the pages that tell shoppers how they can pay.
 */
export async function loadShopData(services: Pick<Services, "content" | "catalog" | "env" | "payments" | "storage">, language?: Language) {
  const { content, catalog, env, payments, storage } = services;
  const [settingsResult, categories, pixel] = await Promise.all([
    content.getSettings().then(
      (settings) => ({ settings: settingsInLanguage(settings, language), settingsError: false }),
      (err: unknown) => {
        console.error("Failed to load settings", err);
        return { settings: siteSettingsSchema.parse({}), settingsError: true };
      },
    ),
    catalog.listCategories(language).catch((err: unknown) => {
      console.error("Failed to load categories", err);
      return [];
    }),
    content.getPixel().catch(() => null),
  ]);
  // The widget's script is derived here, on the server: the provider table stays out of the pages' JavaScript.
  return {
    ...settingsResult,
    categories,
    pixel,
    publicUrl: env.PUBLIC_URL,
    imageBase: storage.publicBase,
    paymentMethods: offeredPaymentMethods(settingsResult.settings, payments.cardPayments),
    liveChat: liveChatEmbed(settingsResult.settings.liveChat),
    icons: shopIcons(settingsResult.settings.favicon, storage.publicBase),
  };
}
