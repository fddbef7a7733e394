import { adminT } from "~/lib/i18n.server";
import { slugify } from "#common/slug";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#common/i18n/languages";
import { translationsFromForm } from "~/components/admin/translation-form";

/** What the settings form posted, as PUT /api/admin/settings takes it, and how to put the answer's errors back on the form's fields. */
export interface SettingsSubmission {
  body: Record<string, unknown>;
  /** The server's field path of a row → the form's (rows left blank or removed are skipped, so their positions differ). */
  fieldOf(serverPath: string): string;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** A number field: the number typed, or what was typed (the schema then refuses it, and `numberErrors` says why in words). */
function number(form: FormData, name: string, notNumbers: Set<string>): number | string {
  const raw = text(form, name).replace(/\s/g, "");
  const n = Number(raw);
  if (raw !== "" && Number.isFinite(n)) return n;
  notNumbers.add(name);
  return raw;
}

/** A list typed as words separated by commas or new lines ("OR, WA"). */
const list = (form: FormData, name: string) =>
  text(form, name)
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The row indexes the form posted for `group` (by their `<group>.<i>.<field>` fields, which every row has), in order. */
function rowIndexes(form: FormData, group: string, field: string): number[] {
  const pattern = new RegExp(`^${group}\\.(\\d+)\\.${field}$`);
  const found = new Set<number>();
  for (const key of form.keys()) {
    const m = pattern.exec(key);
    if (m) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** An id for a new row from its name ("Next day" → "next-day"), unique among `taken`. */
function newRowId(name: string, taken: Set<string>, fallback: string): string {
  const base = (slugify(name) || fallback).slice(0, 36);
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
  taken.add(id);
  return id;
}

/**
 * The languages section as the settings take it, or null when the form has none: the default
 * language always, each other one ticked "Served" (`languages.<code>.served`), with the currency its
 * pages open in (`languages.<code>.currency`; blank: currencyForLanguage decides).
 */
function languagesOf(form: FormData): Array<{ code: Language; currency?: string }> | null {
  if (!LANGUAGES.some((code) => form.has(`languages.${code}.currency`))) return null;
  return LANGUAGES.filter((code) => code === DEFAULT_LANGUAGE || form.get(`languages.${code}.served`) === "on").map((code) => {
    const currency = text(form, `languages.${code}.currency`).toUpperCase();
    return currency ? { code, currency } : { code };
  });
}

/** The cart reminders' section as the settings take it, or nothing when the form has none (the stored ones stay). */
function cartRemindersOf(form: FormData, notNumbers: Set<string>) {
  if (!form.has("cartReminders.delayMinutes")) return {};
  return {
    cartReminders: {
      enabled: form.get("cartReminders.enabled") === "on",
      delayMinutes: number(form, "cartReminders.delayMinutes", notNumbers),
      second: form.get("cartReminders.second") === "on",
    },
  };
}

/**
 * The settings form's fields as the settings service takes them. Rows of the zones, couriers and
 * currencies editors are skipped when blank (the empty row a page without JavaScript offers) or
 * ticked for removal; a new zone or courier gets an id from its name. A currency's `rateSetAt` is
 * the server's to stamp, so the form never sends it. A number field that holds no number is sent
 * as typed, so the answer names it, in words the form gives (`NOT_A_NUMBER`). A form without the
 * languages and currencies section leaves both out (the service's defaults decide).
 */
export function readSettingsForm(form: FormData): SettingsSubmission & { notNumbers: Set<string> } {
  const notNumbers = new Set<string>();
  const rowMap = new Map<string, string>();

  const rows = <T>(group: string, blank: (i: number) => boolean, read: (i: number, taken: Set<string>) => T, key = "name"): T[] => {
    const kept = rowIndexes(form, group, key).filter((i) => form.get(`${group}.${i}.remove`) !== "on" && !blank(i));
    const taken = new Set(kept.map((i) => text(form, `${group}.${i}.id`)).filter(Boolean));
    return kept.map((formIndex, serverIndex) => {
      rowMap.set(`${group}.${serverIndex}`, `${group}.${formIndex}`);
      return read(formIndex, taken);
    });
  };

  const shippingZones = rows(
    "shippingZones",
    (i) =>
      !text(form, `shippingZones.${i}.name`) &&
      !text(form, `shippingZones.${i}.rate`) &&
      !text(form, `shippingZones.${i}.regions`) &&
      !text(form, `shippingZones.${i}.cities`),
    (i, taken) => ({
      id: text(form, `shippingZones.${i}.id`) || newRowId(text(form, `shippingZones.${i}.name`), taken, "zone"),
      name: text(form, `shippingZones.${i}.name`),
      rate: number(form, `shippingZones.${i}.rate`, notNumbers),
      country: text(form, `shippingZones.${i}.country`) || undefined,
      regions: list(form, `shippingZones.${i}.regions`),
      cities: list(form, `shippingZones.${i}.cities`),
    }),
  );
  const couriers = rows(
    "couriers",
    (i) => !text(form, `couriers.${i}.name`) && !text(form, `couriers.${i}.trackingUrl`),
    (i, taken) => ({
      id: text(form, `couriers.${i}.id`) || newRowId(text(form, `couriers.${i}.name`), taken, "courier"),
      name: text(form, `couriers.${i}.name`),
      trackingUrl: text(form, `couriers.${i}.trackingUrl`),
    }),
  );

  const languages = languagesOf(form);
  const markets = languages && {
    languages,
    currencies: rows(
      "currencies",
      (i) => !text(form, `currencies.${i}.code`) && !text(form, `currencies.${i}.rate`),
      (i) => ({
        code: text(form, `currencies.${i}.code`).toUpperCase(),
        rate: number(form, `currencies.${i}.rate`, notNumbers),
        rounding: text(form, `currencies.${i}.rounding`) || "none",
        cashOnDelivery: form.get(`currencies.${i}.cashOnDelivery`) === "on",
      }),
      "code",
    ),
  };

  // The reviews section: a blank number of days is 0 (no review request mails); one blocked word or phrase a line.
  const reviews = form.has("reviews.moderation") && {
    reviews: {
      moderation: text(form, "reviews.moderation"),
      requestAfterDays: text(form, "reviews.requestAfterDays") === "" ? 0 : number(form, "reviews.requestAfterDays", notNumbers),
      blocklist: text(form, "reviews.blocklist")
        .split("\n")
        .map((s) => s.trim())
        .filter(Boolean),
    },
  };

  const body = {
    siteName: text(form, "siteName"),
    tagline: text(form, "tagline"),
    description: text(form, "description"),
    logo: text(form, "logo"),
    favicon: text(form, "favicon"),
    contactEmail: text(form, "contactEmail"),
    contactPhone: text(form, "contactPhone"),
    notifyNewOrders: form.get("notifyNewOrders") === "on",
    address: text(form, "address"),
    socialLinks: {
      facebook: text(form, "socialLinks.facebook"),
      instagram: text(form, "socialLinks.instagram"),
      twitter: text(form, "socialLinks.twitter"),
      youtube: text(form, "socialLinks.youtube"),
    },
    country: text(form, "country"),
    currency: text(form, "currency"),
    locale: text(form, "locale"),
    timeZone: text(form, "timeZone"),
    shippingZones,
    freeShippingThreshold: number(form, "freeShippingThreshold", notNumbers),
    cashOnDelivery: form.get("cashOnDelivery") === "on",
    orderNumberPrefix: text(form, "orderNumberPrefix"),
    couriers,
    returnWindowDays: number(form, "returnWindowDays", notNumbers),
    unpaidCardReleaseMinutes: number(form, "unpaidCardReleaseMinutes", notNumbers),
    maxQuantityPerOrder: number(form, "maxQuantityPerOrder", notNumbers),
    maxOpenOrdersPerContact: number(form, "maxOpenOrdersPerContact", notNumbers),
    lowStockThreshold: number(form, "lowStockThreshold", notNumbers),
    analyticsRetentionDays: number(form, "analyticsRetentionDays", notNumbers),
    // The alerts' section, when the form has it (a form without it leaves the stored value).
    ...(form.has("alerts.priceDropPercent") ? { alerts: { priceDropPercent: number(form, "alerts.priceDropPercent", notNumbers) } } : {}),
    announcement: text(form, "announcement"),
    ...cartRemindersOf(form, notNumbers),
    liveChat: { provider: text(form, "liveChat.provider") || "none", id: text(form, "liveChat.id") },
    ...translationsFromForm(form, ["siteName", "tagline", "description", "announcement"]),
    ...markets,
    ...reviews,
    // The settings' version when the form was opened: a save by someone else meanwhile is refused.
    ...(form.has("version") ? { version: text(form, "version") } : {}),
  };

  return {
    body,
    notNumbers,
    fieldOf(serverPath) {
      // A language's row is named by its code; a language the form did not send (not served) has no row.
      const language = /^languages\.(\d+)(\..*)?$/.exec(serverPath);
      if (language && languages) {
        const code = languages[Number(language[1])]?.code;
        if (code) return `languages.${code}${language[2] === ".currency" ? ".currency" : ".served"}`;
      }
      // A blocked word is one line of the blocklist's field.
      if (/^reviews\.blocklist\.\d+$/.test(serverPath)) return "reviews.blocklist";
      const m = /^(shippingZones|couriers|currencies)\.(\d+)(\..*)?$/.exec(serverPath);
      if (!m) return serverPath;
      const row = rowMap.get(`${m[1]}.${m[2]}`) ?? `${m[1]}.${m[2]}`;
      // A region or city of a zone is one line of its list field.
      const rest = (m[3] ?? "").replace(/^\.(regions|cities)\.\d+$/, ".$1");
      return `${row}${rest}`;
    },
  };
}

export const NOT_A_NUMBER = adminT("admin.settings.notANumber");

/** The answer's field errors on the form's fields: rows renumbered as the form shows them, numbers that were none said so. */
export function settingsFieldErrors(fields: Record<string, string> | undefined, submission: ReturnType<typeof readSettingsForm>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = submission.fieldOf(path);
    out[field] ??= submission.notNumbers.has(field) ? NOT_A_NUMBER : message;
  }
  return out;
}
