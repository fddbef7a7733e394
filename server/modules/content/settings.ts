import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import { type AuditActor, appendAudit, changedFields } from "#modules/audit";
import type { ImageService } from "#modules/images";
import { type SiteSettings, readStoredSettings, siteSettingsSchema } from "#common/content/content.schema";
import { type TaxSettings, shopRegionProblem, taxSettingsSchema } from "#common/tax/tax.schema";
import { z } from "zod";
import { getSettingRow, getSettingVersion, insertSetting, replaceSettingIfUnchanged } from "./settings.repo";

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
  /** When the settings were last saved ("" before the first save): sent back with a change, it tells a stale form (409). */
  version: string;
}

export interface SettingsAdminDeps {
  epoch: Epoch;
  images: Pick<ImageService, "hasImage">;
  facts: SettingsFacts;
  /** The settings as the shop reads them now (content service, cached: the epoch drops it after a save). */
  current: () => Promise<SiteSettings>;
}

/**
 * Each currency's `rateSetAt` is the server's: kept while its rate stays as it was, now for a new
 * currency or a new rate (whatever a client sent for it).
 */
function stampRates(before: SiteSettings["currencies"], after: SiteSettings["currencies"], now: string): SiteSettings["currencies"] {
  return after.map((c) => {
    const old = before.find((b) => b.code === c.code);
    return { ...c, rateSetAt: old && old.rate === c.rate && old.rateSetAt ? old.rateSetAt : now };
  });
}

/**
 * The shop's own state or province is one of its country's (where the country has a list): 400
 * naming `taxes.region` otherwise. Checked where taxes are saved, not where settings are read, so
 * a later change of country never costs the stored taxes (the tax computation then falls back to
 * the country's own rate).
 */
function requireShopRegion(country: string, taxes: TaxSettings): void {
  const problem = shopRegionProblem(country, taxes.region);
  if (problem) throw new AppError("invalid_input", "Please check the highlighted fields.", { "taxes.region": problem });
}

/** The fields of `parsed` (the body's `key`, parsed) that the body gave: the others keep their stored values. */
function givenFields<T extends object>(body: unknown, key: string, parsed: T): Partial<T> {
  const sent = (body as Record<string, unknown>)[key];
  if (!sent || typeof sent !== "object") return parsed;
  return Object.fromEntries(Object.entries(parsed).filter(([field]) => field in sent)) as Partial<T>;
}

/** The taxes screen's save: the tax settings, and the version they were read at. */
const taxesBodySchema = z.object({ taxes: taxSettingsSchema });

const STALE = "Someone else saved the settings since you opened them: reload the page to see their changes, then make yours again.";

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

  async function versionOf(): Promise<string> {
    return toIso(await getSettingVersion(k, "site")) ?? "";
  }

  /** The settings as stored (defaults filled in) with the read-only facts of the environment (card payments set up or not) and their version. */
  async function read(): Promise<AdminSettings> {
    const [settings, version] = await Promise.all([deps.current(), versionOf()]);
    return { settings, facts: deps.facts, version };
  }

  /** The `version` a client sent with its change, if any (a string; anything else is a 400). */
  function sentVersion(body: unknown): string | undefined {
    if (!body || typeof body !== "object" || !("version" in body)) return undefined;
    const version = (body as { version: unknown }).version;
    if (typeof version !== "string")
      throw new AppError("invalid_input", "Please check the highlighted fields.", { version: "The version is the text GET /api/admin/settings gave" });
    return version;
  }

  /** The rules across fields and beyond the schema: uploads that exist, and a way to pay. */
  async function requireConsistent(settings: SiteSettings): Promise<void> {
    const fields: Record<string, string> = {};
    for (const [field, kind] of PICTURES) {
      const url = settings[field];
      if (url.startsWith("/uploads/") && !(await deps.images.hasImage(url, kind)))
        fields[field] = "This picture is not among the shop's uploads: upload it again.";
    }
    if (!settings.cashOnDelivery && !deps.facts.cardPayments) {
      fields.cashOnDelivery = "Card payments are not set up, so cash on delivery is the only way to pay: keep it on.";
    }
    if (Object.keys(fields).length) throw new AppError("invalid_input", "Please check the highlighted fields.", fields);
  }

  return {
    /** The settings as stored (defaults filled in), the read-only facts of the environment (card payments set up or not) and their version. */
    read,

    /**
     * Replaces the settings with `body`, validated whole: a bad field is a 400 naming it and
     * nothing is stored (translations, taxes and review moderation left out stay as they are, and so
     * does a field of the reviews' left out, such as the blocklist). With the `version`
     * the settings were read at, a save made meanwhile by someone else is a 409 instead of being
     * overwritten. The write and its audit entry (the fields
     * that changed, before and after) commit together; the caches then drop the old settings.
     */
    async update(actor: AuditActor, body: unknown): Promise<AdminSettings> {
      const version = sentVersion(body);
      const parsed = parseInput(siteSettingsSchema, body);
      await requireConsistent(parsed);
      const given = (key: string) => Boolean(body && typeof body === "object" && key in body);
      if (given("taxes")) requireShopRegion(parsed.country, parsed.taxes);
      return store(actor, version, (before) => ({
        ...parsed,
        // Translations, taxes, review moderation, cart reminders and alerts left out of the body stay as they are.
        translations: given("translations") ? parsed.translations : before.translations,
        taxes: given("taxes") ? parsed.taxes : before.taxes,
        reviews: given("reviews") ? { ...before.reviews, ...givenFields(body, "reviews", parsed.reviews) } : before.reviews,
        cartReminders: given("cartReminders") ? parsed.cartReminders : before.cartReminders,
        alerts: given("alerts") ? parsed.alerts : before.alerts,
        currencies: stampRates(before.currencies, parsed.currencies, nowIso()),
      }));
    },

    /**
     * Replaces the tax settings alone (the taxes screen), `{ taxes, version? }`, validated as PUT
     * validates them (400 naming each bad field under `taxes.`, nothing stored; a stale version
     * 409); the other settings stay as stored. Audited as a settings change.
     */
    async updateTaxes(actor: AuditActor, body: unknown): Promise<AdminSettings> {
      const version = sentVersion(body);
      const { taxes } = parseInput(taxesBodySchema, body);
      return store(actor, version, (before) => {
        requireShopRegion(before.country, taxes);
        return { ...before, taxes };
      });
    },
  };

  /**
   * Stores what `make` makes of the stored settings, over the version read (a save meanwhile: 409),
   * with its audit entry (the fields that changed, before and after) in one transaction; the caches
   * then drop the old settings. Nothing changed: nothing is written or recorded.
   */
  async function store(actor: AuditActor, version: string | undefined, make: (before: SiteSettings) => SiteSettings): Promise<AdminSettings> {
    const changed = await k.transaction().execute(async (trx) => {
      const row = await getSettingRow(trx, "site");
      if (version !== undefined && version !== (toIso(row?.updated_at) ?? "")) throw new AppError("conflict", STALE);
      const before = readStoredSettings(row ? JSON.parse(row.value) : {});
      const settings = make(before);
      const value = JSON.stringify(settings);
      const changes = changedFields(before as unknown as Record<string, unknown>, settings as unknown as Record<string, unknown>);
      if (!Object.keys(changes).length) return false;
      const updated_at = nowIso();
      if (row) {
        // Only over the row read: of two saves at once, the second is refused rather than lost.
        if (!(await replaceSettingIfUnchanged(trx, "site", value, updated_at, row.updated_at))) throw new AppError("conflict", STALE);
      } else {
        await insertSetting(trx, "site", value, updated_at);
      }
      await appendAudit(trx, actor, { action: "settings.update", entityType: "settings", entityId: "site", changes });
      return true;
    });
    if (changed) deps.epoch.bump();
    return read();
  }
}

export type SettingsAdmin = ReturnType<typeof createSettingsAdmin>;
