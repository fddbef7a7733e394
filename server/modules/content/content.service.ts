import type { Db } from "../../db/database";
import { nowIso } from "../../db/database";
import { type Epoch, createCache, createEpoch } from "../../lib/cache";
import { getSettingValue, upsertSetting } from "./settings.repo";
import { type PixelConfig, type SiteSettings, pixelSchema, readStoredSettings, siteSettingsSchema } from "#common/content/content.schema";

/** Site settings and the tracking-pixel config (the home banners are banners.ts, the contact messages messages.ts). */
export function createContentService(db: Db, options: { epoch?: Epoch } = {}) {
  const epoch = options.epoch ?? createEpoch();
  const k = db.kysely;
  const cache = createCache<unknown>(5_000, epoch);

  async function readSetting<T>(key: string, parse: (v: unknown) => T): Promise<T> {
    return cache.get(`setting:${key}`, async () => {
      const value = await getSettingValue(k, key);
      return parse(value !== undefined ? JSON.parse(value) : {});
    }) as Promise<T>;
  }

  async function writeSetting(key: string, value: unknown): Promise<void> {
    await upsertSetting(k, key, JSON.stringify(value), nowIso());
    epoch.bump();
  }

  return {
    /** The public site settings, defaults filled in (and for a stored field today's rules refuse). */
    getSettings: () => readSetting<SiteSettings>("site", readStoredSettings),

    /** Replaces the site settings after validating them. */
    async saveSettings(input: unknown): Promise<SiteSettings> {
      const settings = siteSettingsSchema.parse(input);
      await writeSetting("site", settings);
      return settings;
    },

    getPixel: () => readSetting<PixelConfig>("facebook_pixel", (v) => pixelSchema.parse(v)),

    async savePixel(input: unknown): Promise<PixelConfig> {
      const pixel = pixelSchema.parse(input);
      await writeSetting("facebook_pixel", pixel);
      return pixel;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
