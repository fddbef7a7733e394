import type { Services } from "../../server/services";
import { siteSettingsSchema } from "../../server/modules/content/content.schema";

/**
 * The shop-wide data of the root loader. A failing settings load falls back to the defaults and
 * sets `settingsError` (the page shows 'Failed to load settings'); a failing pixel config load is
 * kept as null and shows nothing; a failing category load leaves the menus empty.
 */
export async function loadShopData(services: Pick<Services, "content" | "catalog" | "env">) {
  const { content, catalog, env } = services;
  const [settingsResult, categories, pixel] = await Promise.all([
    content.getSettings().then(
      (settings) => ({ settings, settingsError: false }),
      (err: unknown) => {
        console.error("Failed to load settings", err);
        return { settings: siteSettingsSchema.parse({}), settingsError: true };
      },
    ),
    catalog.listCategories().catch((err: unknown) => {
      console.error("Failed to load categories", err);
      return [];
    }),
    content.getPixel().catch(() => null),
  ]);
  return { ...settingsResult, categories, pixel, publicUrl: env.PUBLIC_URL };
}
