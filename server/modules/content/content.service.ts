import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { type Epoch, createCache, createEpoch } from "../../lib/cache";
import { AppError } from "../../lib/errors";
import { type RateLimitStore, waitText } from "../../lib/rate-limit";
import { newId } from "../../lib/ids";
import { type ContactInput, type PixelConfig, type SiteSettings, pixelSchema, siteSettingsSchema } from "./content.schema";

/** Site settings, the tracking-pixel config and contact messages (the home banners are banners.ts). */
export function createContentService(db: Db, options: { contactLimitPer10Min: number; rateLimits: RateLimitStore; epoch?: Epoch }) {
  const epoch = options.epoch ?? createEpoch();
  const k = db.kysely;
  const cache = createCache<unknown>(5_000, epoch);

  async function readSetting<T>(key: string, parse: (v: unknown) => T): Promise<T> {
    return cache.get(`setting:${key}`, async () => {
      const row = await k.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
      return parse(row ? JSON.parse(row.value) : {});
    }) as Promise<T>;
  }

  async function writeSetting(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    const updated_at = nowIso();
    await k
      .insertInto("settings")
      .values({ key, value: json, updated_at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at }))
      .execute();
    epoch.bump();
  }

  return {
    /** The public site settings, defaults filled in. */
    getSettings: () => readSetting<SiteSettings>("site", (v) => siteSettingsSchema.parse(v)),

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

    /** Stores a validated contact-form message; rate-limited per IP so the inbox cannot be flooded. */
    async createContactMessage(input: ContactInput, ip: string | null): Promise<{ _id: string; createdAt: string }> {
      const decision = await options.rateLimits.consume(`contact:ip:${ip ?? "unknown"}`, { window: 10 * 60, max: options.contactLimitPer10Min });
      if (!decision.allowed) {
        throw new AppError("rate_limited", `Too many messages. Please try again in ${waitText(decision.retryAfter ?? 60)}.`);
      }
      const id = newId();
      const created_at = nowIso();
      await k
        .insertInto("contact_messages")
        .values({ id, name: input.name, email: input.email, subject: input.subject || null, message: input.message, ip, read_at: null, created_at })
        .execute();
      return { _id: id, createdAt: toIso(created_at)! };
    },

    async countContactMessages(): Promise<number> {
      const row = await k.selectFrom("contact_messages").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Contact messages nobody has opened yet (read_at is null), for the admin sidebar's badge. */
    async countUnreadMessages(): Promise<number> {
      const row = await k.selectFrom("contact_messages").select((eb) => eb.fn.countAll<number>().as("n")).where("read_at", "is", null).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
