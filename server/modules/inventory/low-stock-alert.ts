import type { Db } from "../../db/database";
import type { Logger } from "../../lib/logger";
import type { SiteSettings } from "#common/content/content.schema";
import { lineLabel } from "#common/catalog/line-label";
import { createMailQueue } from "#modules/mail";
import type { Mailer } from "#modules/mail";
import { type LowStockMailItem, lowStockDigestMail } from "#modules/mail";
import { claimAlert, ensureAlertRow, listLowStock, releaseAlert } from "./low-stock-alert.repo";

const DAY_MS = 24 * 60 * 60_000;
const KIND = "low-stock";
/** A time before any mail: the row's value until the first one goes. */
const NEVER = new Date(0).toISOString();
/** Products and variants the mail lists; a longer list ends with how many more there are. */
const LISTED = 30;

export interface LowStockAlertDeps {
  db: Db;
  mailer: Mailer;
  settings: () => Promise<SiteSettings>;
  logger: Logger;
  /** The shop's address (PUBLIC_URL, no trailing slash), for the mail's link. */
  publicUrl: string;
  /** Where the mail goes when the settings have no contact address (ADMIN_EMAIL), if anywhere. */
  adminEmail?: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * The low-stock mail to the shop: when an order brings products or variants to the settings'
 * low-stock threshold or under, the contact address gets one mail listing every active product and
 * variant now at or under it, at most once in 24 hours however many orders cross it. The mail goes
 * after the answer (the order never waits for it or fails with it); the last sending time is a row
 * of `stock_alerts`, taken with a conditional update, so of several instances one sends.
 */
export function createLowStockAlert(deps: LowStockAlertDeps) {
  const k = deps.db.kysely;
  const queue = createMailQueue(deps.logger, deps.mailer);
  const now = deps.now ?? (() => new Date());

  /** Takes the day's turn: true when no mail went in the last 24 hours (and now one is going). */
  async function claim(at: Date): Promise<string | null> {
    const sentAt = at.toISOString();
    await ensureAlertRow(k, KIND, NEVER);
    return (await claimAlert(k, KIND, sentAt, new Date(at.getTime() - DAY_MS).toISOString())) ? sentAt : null;
  }

  /** Gives the turn back after a failed mail, so the next crossing tries again. */
  async function release(sentAt: string): Promise<void> {
    await releaseAlert(k, KIND, sentAt, NEVER);
  }

  /** The active products without variants and the variants of active products at or under `threshold` units, the fewest first, and how many there are. */
  async function listLow(threshold: number): Promise<{ items: LowStockMailItem[]; total: number }> {
    const { variants, products, total } = await listLowStock(k, threshold, LISTED);
    const items = [
      ...variants.map((v) => ({ label: lineLabel(v.name, v.color, v.size), stock: v.stock })),
      ...products.map((p) => ({ label: p.name, stock: p.stock })),
    ]
      .sort((a, b) => a.stock - b.stock || a.label.localeCompare(b.label))
      .slice(0, LISTED);
    return { items, total };
  }

  /** Sends the day's mail if no other went in the last 24 hours; answers whether it went. */
  async function sendIfDue(): Promise<boolean> {
    const settings = await deps.settings();
    const to = settings.contactEmail || deps.adminEmail;
    if (!to) return false;
    const sentAt = await claim(now());
    if (!sentAt) return false;
    try {
      const { items, total } = await listLow(settings.lowStockThreshold);
      if (!items.length) {
        // Restocked meanwhile: nothing to tell, and the day's turn stays for a later crossing.
        await release(sentAt);
        return false;
      }
      const mail = lowStockDigestMail({
        to,
        siteName: settings.siteName,
        url: `${deps.publicUrl}/admin-dashboard/all-products?sort=stock`,
        threshold: settings.lowStockThreshold,
        items,
        more: total - items.length,
      });
      // The shop's own inbox: not limited per recipient (once a day at most).
      await deps.mailer.send(mail, { fromName: settings.siteName, verifiedRecipient: true });
      return true;
    } catch (err) {
      await release(sentAt);
      throw err;
    }
  }

  return {
    /** Tells the alert that a take (an order) brought stock to the threshold or under: the mail goes after the answer, once a day at most. */
    crossed(): void {
      queue.later(sendIfDue, "low stock");
    },

    sendIfDue,

    /** Waits until a mail under way has been sent or has failed (tests, shutdown). */
    idle: () => queue.idle(),
  };
}

export type LowStockAlert = ReturnType<typeof createLowStockAlert>;
