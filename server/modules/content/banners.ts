import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { type Epoch, createCache } from "../../lib/cache";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import { parseInput } from "#common/validate";
import { type AuditActor, appendAudit, changedFields } from "#modules/audit";
import type { ImageService } from "#modules/images";
import { bannerCreateSchema, bannerReorderSchema, bannerUpdateSchema } from "#common/content/banners.schema";
import {
  type BannerRow,
  type Executor,
  deleteBannerRow,
  getBannerRow,
  insertBanner,
  listActiveBannerRows,
  listBannerRows,
  listBannerTranslations,
  replaceBannerTranslations,
  setBannerPosition,
  updateBanner,
} from "./banners.repo";
import type { BannerTranslation } from "#common/content/banners.schema";
import { DEFAULT_LANGUAGE, type Language } from "#common/i18n/languages";
import { type Translations, translated } from "#common/translations";

/** A home banner as the storefront shows it (GET /api/banners, the home carousel). */
export interface Banner {
  _id: string;
  title: string;
  subtitle: string | null;
  image: string;
  /** The picture's alt text; '' for a decorative picture. */
  alt: string;
  link: string | null;
  order: number;
}

/** Whether a banner shows now: on and inside its window, on but before it (scheduled) or past it (expired), or switched off. */
export type BannerState = "live" | "scheduled" | "expired" | "off";

/** A banner as the admin sees it, whatever its state. */
export interface AdminBanner {
  id: string;
  title: string;
  subtitle: string | null;
  image: string;
  alt: string;
  link: string | null;
  /** Its position in the carousel (0 first). */
  sortOrder: number;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  state: BannerState;
  /** Its texts in the other languages (a language left out is not translated). */
  translations: Translations<BannerTranslation>;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The state of an active flag and a window at `now` (ISO strings compare in time order). */
export function bannerState(active: boolean, startsAt: string | null, endsAt: string | null, now: string): BannerState {
  if (!active) return "off";
  if (startsAt && startsAt > now) return "scheduled";
  if (endsAt && endsAt <= now) return "expired";
  return "live";
}

function toAdmin(row: BannerRow, now: string, translations: Translations<BannerTranslation> = {}): AdminBanner {
  const startsAt = toIso(row.starts_at);
  const endsAt = toIso(row.ends_at);
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    alt: row.alt,
    link: row.link,
    sortOrder: row.sort_order,
    active: row.active === 1,
    startsAt,
    endsAt,
    state: bannerState(row.active === 1, startsAt, endsAt, now),
    translations,
    version: row.version,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at ?? row.created_at)!,
  };
}

/** The fields an audit entry compares. */
function audited(b: AdminBanner) {
  const { title, subtitle, image, alt, link, sortOrder, active, startsAt, endsAt, translations } = b;
  return { title, subtitle, image, alt, link, sortOrder, active, startsAt, endsAt, translations };
}

/**
 * The home banners (content module): the carousel's read, and the admin's list, create, update,
 * delete and reorder (issue 10, section 5). Every write runs in one transaction with its audit
 * entry and bumps the data epoch. The carousel's read caches the active banners with their
 * windows and decides what is live at each read, so a banner starts and stops on time whatever
 * the cache holds.
 */
export function createBannersService(db: Db, deps: { epoch: Epoch; images: Pick<ImageService, "hasImage"> }) {
  const k = db.kysely;
  const cache = createCache<BannerRow[]>(5_000, deps.epoch);
  const translationCache = createCache<Map<string, Translations<BannerTranslation>>>(5_000, deps.epoch);

  /** A banner as the admin sees it, with its translations. */
  async function adminOf(ex: Executor, row: BannerRow, now: string): Promise<AdminBanner> {
    return toAdmin(row, now, (await listBannerTranslations(ex, [row.id])).get(row.id));
  }

  async function requireRow(ex: Executor, id: string): Promise<BannerRow> {
    const row = await getBannerRow(ex, id);
    if (!row) throw new AppError("not_found", "There is no such banner.");
    return row;
  }

  /** Puts `id` at `position` (the end when undefined), writing positions 0…n-1. */
  async function place(ex: Executor, id: string, position: number | undefined): Promise<void> {
    const rows = await listBannerRows(ex);
    const ids = rows.map((r) => r.id).filter((r) => r !== id);
    ids.splice(Math.min(position ?? ids.length, ids.length), 0, id);
    const current = new Map(rows.map((r) => [r.id, r.sort_order]));
    for (const [i, bid] of ids.entries()) if (current.get(bid) !== i) await setBannerPosition(ex, bid, i);
  }

  async function requireImage(image: string | null | undefined): Promise<void> {
    if (image?.startsWith("/uploads/") && !(await deps.images.hasImage(image, "banner"))) {
      throw new AppError("invalid_input", "This picture is not among the shop's uploads: upload it again.", { image: "Upload the picture again" });
    }
  }

  async function write<T>(run: (trx: Executor) => Promise<T>): Promise<T> {
    const result = await k.transaction().execute(run);
    deps.epoch.bump();
    return result;
  }

  return {
    /** The banners the home carousel shows now: active, inside their window, in order. */
    async listLive(language?: Language): Promise<Banner[]> {
      const rows = await cache.get("active", () => listActiveBannerRows(k));
      const texts = language && language !== DEFAULT_LANGUAGE ? await translationCache.get("all", () => listBannerTranslations(k)) : null;
      const now = new Date().toISOString();
      return rows
        .filter((b) => bannerState(true, toIso(b.starts_at), toIso(b.ends_at), now) === "live")
        .map((b) => {
          const own = { title: b.title, subtitle: b.subtitle, alt: b.alt };
          const shown = texts && language ? translated(own, texts.get(b.id)?.[language]) : own;
          return { _id: b.id, ...shown, image: b.image, link: b.link, order: b.sort_order };
        });
    },

    /** Every banner in carousel order with its state (live, scheduled, expired, off), for the admin. */
    async listAll(): Promise<AdminBanner[]> {
      const now = new Date().toISOString();
      const [rows, texts] = await Promise.all([listBannerRows(k), listBannerTranslations(k)]);
      return rows.map((r) => toAdmin(r, now, texts.get(r.id)));
    },

    /** One banner, or null for an unknown id. */
    async getBanner(id: string): Promise<AdminBanner | null> {
      const row = await getBannerRow(k, id);
      return row ? adminOf(k, row, new Date().toISOString()) : null;
    },

    /** Creates a banner (by default on, last, without a window), audited. */
    async createBanner(actor: AuditActor, body: unknown): Promise<AdminBanner> {
      const input = parseInput(bannerCreateSchema, body);
      await requireImage(input.image);
      return write(async (trx) => {
        const id = newId();
        const at = nowIso();
        await insertBanner(trx, {
          id,
          title: input.title,
          subtitle: input.subtitle ?? null,
          image: input.image!,
          alt: input.alt,
          link: input.link ?? null,
          sort_order: 1_000_000,
          active: input.active === false ? 0 : 1,
          starts_at: input.startsAt ?? null,
          ends_at: input.endsAt ?? null,
          created_at: at,
          updated_at: at,
          version: 1,
        });
        await place(trx, id, input.sortOrder);
        if (input.translations) await replaceBannerTranslations(trx, id, input.translations);
        const after = await adminOf(trx, await requireRow(trx, id), at);
        await appendAudit(trx, actor, { action: "banner.create", entityType: "banner", entityId: id, changes: changedFields(null, audited(after)) });
        return after;
      });
    },

    /**
     * Changes a banner, audited: only the fields sent change; `sortOrder` moves it to that
     * position; the window's end must come after its start; a new picture needs alt text. A stale
     * `version` is a 409.
     */
    async updateBanner(actor: AuditActor, id: string, body: unknown): Promise<AdminBanner> {
      const patch = parseInput(bannerUpdateSchema, body);
      await requireImage(patch.image);
      return write(async (trx) => {
        const row = await requireRow(trx, id);
        if (patch.version !== undefined && patch.version !== row.version) {
          throw new AppError("conflict", "Someone else changed this banner since you opened it: reload it to see their changes.");
        }
        const at = nowIso();
        const before = await adminOf(trx, row, at);
        const startsAt = patch.startsAt === undefined ? before.startsAt : patch.startsAt;
        const endsAt = patch.endsAt === undefined ? before.endsAt : patch.endsAt;
        if (startsAt && endsAt && endsAt <= startsAt) {
          throw new AppError("invalid_input", "The end must come after the start.", { endsAt: "The end must come after the start" });
        }
        const alt = patch.alt ?? before.alt;
        if (patch.image && patch.image !== before.image && !alt) {
          throw new AppError("invalid_input", "Describe the new picture for people who cannot see it.", {
            alt: "Describe the picture for people who cannot see it",
          });
        }
        await updateBanner(trx, id, {
          title: patch.title ?? before.title,
          subtitle: patch.subtitle === undefined ? before.subtitle : patch.subtitle,
          image: patch.image ?? before.image,
          alt,
          link: patch.link === undefined ? before.link : patch.link,
          active: patch.active === undefined ? row.active : patch.active ? 1 : 0,
          starts_at: startsAt,
          ends_at: endsAt,
          updated_at: at,
          version: row.version + 1,
        });
        if (patch.sortOrder !== undefined) await place(trx, id, patch.sortOrder);
        if (patch.translations) await replaceBannerTranslations(trx, id, patch.translations);
        const after = await adminOf(trx, await requireRow(trx, id), at);
        const changes = changedFields(audited(before), audited(after));
        if (Object.keys(changes).length) await appendAudit(trx, actor, { action: "banner.update", entityType: "banner", entityId: id, changes });
        return after;
      });
    },

    /** Deletes a banner, audited (its picture's files stay: another banner or page may show them). */
    async deleteBanner(actor: AuditActor, id: string): Promise<void> {
      await write(async (trx) => {
        const before = await adminOf(trx, await requireRow(trx, id), nowIso());
        await deleteBannerRow(trx, id);
        const rest = await listBannerRows(trx);
        for (const [i, r] of rest.entries()) if (r.sort_order !== i) await setBannerPosition(trx, r.id, i);
        await appendAudit(trx, actor, {
          action: "banner.delete",
          entityType: "banner",
          entityId: id,
          changes: Object.fromEntries(Object.entries(audited(before)).map(([key, value]) => [key, { before: value, after: null }])),
        });
      });
    },

    /** Puts the banners in the given order (every banner's id once; 409 when the list is out of date), audited. */
    async reorder(actor: AuditActor, body: unknown): Promise<AdminBanner[]> {
      const { ids } = parseInput(bannerReorderSchema, body);
      return write(async (trx) => {
        const rows = await listBannerRows(trx);
        const known = new Set(rows.map((r) => r.id));
        if (new Set(ids).size !== ids.length || ids.length !== rows.length || !ids.every((i) => known.has(i))) {
          throw new AppError("conflict", "The banners changed since the list was loaded: reload it and try again.", { ids: "List every banner once" });
        }
        for (const [i, bid] of ids.entries()) {
          const before = rows.find((r) => r.id === bid)!;
          if (before.sort_order === i) continue;
          await setBannerPosition(trx, bid, i);
          await appendAudit(trx, actor, {
            action: "banner.reorder",
            entityType: "banner",
            entityId: bid,
            changes: { sortOrder: { before: before.sort_order, after: i } },
          });
        }
        const now = nowIso();
        const texts = await listBannerTranslations(trx);
        return (await listBannerRows(trx)).map((r) => toAdmin(r, now, texts.get(r.id)));
      });
    },
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
