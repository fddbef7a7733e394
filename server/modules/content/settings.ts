import type { Db } from "../../db/database";
import { nowIso } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import { AppError } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { type AuditActor, appendAudit, changedFields } from "../audit/audit.service";
import type { ImageService } from "../images/images.service";
import { type SiteSettings, siteSettingsSchema } from "./content.schema";

/** What the settings screen shows beside the settings and cannot change: facts of the environment, never its secrets. */
export interface SettingsFacts {
  /** Card payments are set up (STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are in the environment). */
  cardPayments: boolean;
  /** Stripe's webhook signing secret is set (STRIPE_WEBHOOK_SECRET), so paid orders are marked paid. */
  cardWebhook: boolean;
}

export interface AdminSettings {
  settings: SiteSettings;
  facts: SettingsFacts;
}

export interface SettingsAdminDeps {
  epoch: Epoch;
  images: Pick<ImageService, "hasImage">;
  facts: SettingsFacts;
  /** The settings as the shop reads them now (content service, cached). */
  current: () => Promise<SiteSettings>;
}

const PICTURES = [
  ["logo", "logo"],
  ["favicon", "favicon"],
] as const;

/**
 * The site settings' admin side (content module, the `settings` row "site"): the settings with the
 * environment's facts, and their replacement, validated whole (400 with `fields` naming every bad
 * field, nothing stored), written with its audit entry in one transaction; then the data epoch
 * moves, so GET /api/settings and every page read the new settings at once.
 */
export function createSettingsAdmin(db: Db, deps: SettingsAdminDeps) {
  const k = db.kysely;

  /** The rules across fields and beyond the schema: uploads that exist, and a way to pay. */
  function requireConsistent(settings: SiteSettings): void {
    const fields: Record<string, string> = {};
    for (const [field, kind] of PICTURES) {
      const url = settings[field];
      if (url.startsWith("/uploads/") && !deps.images.hasImage(url, kind)) fields[field] = "This picture is not among the shop's uploads: upload it again.";
    }
    if (!settings.cashOnDelivery && !deps.facts.cardPayments) {
      fields.cashOnDelivery = "Card payments are not set up, so cash on delivery is the only way to pay: keep it on.";
    }
    if (Object.keys(fields).length) throw new AppError("invalid_input", "Please check the highlighted fields.", fields);
  }

  return {
    /** The settings as stored (defaults filled in) with the read-only facts of the environment (card payments set up or not). */
    async read(): Promise<AdminSettings> {
      return { settings: await deps.current(), facts: deps.facts };
    },

    /**
     * Replaces the settings with `body`, validated whole: a bad field is a 400 naming it and
     * nothing is stored. The write and its audit entry (the fields that changed, before and after)
     * commit together; the caches then drop the old settings.
     */
    async update(actor: AuditActor, body: unknown): Promise<AdminSettings> {
      const settings = parseInput(siteSettingsSchema, body);
      requireConsistent(settings);
      const before = await deps.current();
      const changes = changedFields(before as unknown as Record<string, unknown>, settings as unknown as Record<string, unknown>);
      if (Object.keys(changes).length) {
        const value = JSON.stringify(settings);
        const updated_at = nowIso();
        await k.transaction().execute(async (trx) => {
          await trx
            .insertInto("settings")
            .values({ key: "site", value, updated_at })
            .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
            .execute();
          await appendAudit(trx, actor, { action: "settings.update", entityType: "settings", entityId: "site", changes });
        });
        deps.epoch.bump();
      }
      return { settings: await deps.current(), facts: deps.facts };
    },
  };
}

export type SettingsAdmin = ReturnType<typeof createSettingsAdmin>;
