import type { SiteSettings } from "#common/content/content.schema";
import { signedIds } from "../../lib/signed-token";
import { AppError } from "#common/errors";
import { lineLabel } from "#common/catalog/line-label";
import { type LocalDate, addDays, localMidnight } from "#common/calendar";
import { marketOf } from "#common/currency";
import { DEFAULT_LANGUAGE, type Language, isLanguage, localeOf, pathInLanguage } from "#common/i18n/languages";
import { formatMoney, toMajor } from "#common/money";
import type { CartItem, CartService, Executor } from "#modules/cart";
import type { JobQueue } from "#modules/jobs";
import { type Mailer, cartReminderMail } from "#modules/mail";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { newId } from "../../lib/ids";
import type { Logger } from "../../lib/logger";
import { type Shopper, ownerKey } from "../../lib/shopper";
import {
  claimReminder,
  closeReminders,
  deleteOwner,
  getContact,
  getContacts,
  getReminder,
  listOpenFor,
  listOpenReminders,
  markMailed,
  markRestored,
  reportFigures,
  setOrder,
  setOwnerConsent,
  upsertContact,
  withdrawEmail,
} from "./reminders.repo";

/** The job that writes and sends one reminder's mail. */
export const SEND_JOB = "reminders.send";
/** The scheduled job that looks for idle carts (server/schedules.ts runs it every minute). */
export const SCAN_JOB = "reminders.scan";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Carts idle longer than this are left alone: a reminder a week later reminds of nothing. */
const LOOKBACK_MS = 7 * DAY_MS;
/** The second reminder comes this long after the first. */
export const SECOND_AFTER_MS = DAY_MS;
/** An order placed within this time after a reminder counts as the reminder's. */
export const ATTRIBUTION_MS = 7 * DAY_MS;
/** While a reminder of a cart is open (not followed by an order) and younger than this, the cart gets no new first reminder. */
const QUIET_MS = 30 * DAY_MS;
/** Carts looked at per run (the most recently left first). */
const BATCH = 500;

/** Whether a signed-in customer wants cart reminders, and their choice: the account's mail preferences answer it. */
export interface CartReminderPreferences {
  cartReminders(userId: string): Promise<boolean>;
  setCartReminders(userId: string, on: boolean): Promise<void>;
}

export interface CartRemindersDeps {
  db: Db;
  /** The cart module: idle carts, a cart priced now, and a cart brought back into a browser. */
  cart: Pick<CartService, "listIdleCarts" | "getCart" | "bringBack">;
  /** The users module: an account's address, whether it is confirmed, and the language of its mails. */
  accounts: {
    getUser(id: string): Promise<{ email: string; name: string; emailVerified: boolean; banned: boolean } | null>;
    getLanguage(id: string): Promise<Language>;
  };
  /** Where an account's choice is kept: the users module's mail preferences (PATCH /api/account/preferences). */
  preferences: CartReminderPreferences;
  settings: () => Promise<SiteSettings>;
  mailer: Mailer;
  jobs: JobQueue;
  publicUrl: string;
  /** Signs the restore and unsubscribe links. */
  secret: string;
  logger: Logger;
}

/** The report's figures of a period (money in the major unit of the shop's currency). */
export interface CartReminderFigures {
  range: { from: LocalDate; to: LocalDate; currency: string };
  /** Reminder mails sent: all, first, second. */
  sent: number;
  first: number;
  second: number;
  /** Carts brought back through a reminder's link. */
  restored: number;
  /** Orders placed within seven days of a reminder of the cart, and their total. */
  orders: number;
  revenue: number;
  /** orders / sent, in percent (one decimal); null without a reminder sent. */
  conversionRate: number | null;
}

const shopperOf = (owner: string): Shopper =>
  owner.startsWith("user:") ? { userId: owner.slice(5), visitorId: null } : { userId: null, visitorId: owner.replace(/^visitor:/, "") };
const iso = (value: Date | string | null | undefined) => toIso(value ?? null);

/**
 * Cart reminders: a customer who is signed in (and did not say no) or who gave their address at
 * checkout and ticked consent, and left a cart with lines for the settings' delay, gets one mail
 * with its lines priced now and a signed link that brings the cart back in any browser; a second a
 * day later if the settings ask and the cart stayed untouched; none once they order, unsubscribe
 * or withdraw. Each reminder is claimed once (a unique row per cart, idle period and sequence), so
 * two runs or instances send it once; its mail is a job. Orders that follow are credited to it.
 */
export function createCartReminders(deps: CartRemindersDeps) {
  const k = deps.db.kysely;
  const links = { restore: signedIds(deps.secret, "cart-reminder:restore"), stop: signedIds(deps.secret, "cart-reminder:stop") };
  const tokenFor = (purpose: "restore" | "stop", id: string) => links[purpose].sign(id);
  const idOf = (purpose: "restore" | "stop", token: string) => links[purpose].read(token);

  const { preferences } = deps;

  /** Where an owner's reminder goes, in which language and currency; null when they may not be reminded. */
  async function recipientFor(owner: string, contact: { email: string; language: string; currency: string | null; consent: number } | undefined) {
    if (owner.startsWith("user:")) {
      const userId = owner.slice(5);
      const [account, wanted] = await Promise.all([deps.accounts.getUser(userId), preferences.cartReminders(userId)]);
      if (!account || account.banned || !wanted) return null;
      return {
        email: account.email.toLowerCase(),
        name: account.name,
        verified: account.emailVerified,
        language: await deps.accounts.getLanguage(userId),
        currency: contact?.currency ?? null,
      };
    }
    if (contact?.consent !== 1) return null;
    return {
      email: contact.email,
      name: null,
      verified: false,
      language: isLanguage(contact.language) ? contact.language : DEFAULT_LANGUAGE,
      currency: contact.currency,
    };
  }

  /** Writes and sends one reminder's mail, unless the cart was bought, emptied or the customer withdrew meanwhile. */
  async function send({ id }: { id: string }): Promise<void> {
    const row = await getReminder(k, id);
    if (!row || row.closed_at || row.mailed_at) return;
    const recipient = await recipientFor(row.owner, await getContact(k, row.owner));
    if (!recipient) return;
    const settings = await deps.settings();
    const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
    const cart = await deps.cart.getCart(shopperOf(row.owner), { market: marketOf(settings, row.currency), language });
    if (cart.lines.length === 0) return;
    const locale = localeOf(language, settings.locale);
    const money = (major: number) => formatMoney(major, cart.totals.currency, locale);
    const absolute = (src: string | null) => (src ? (src.startsWith("/") ? `${deps.publicUrl}${src}` : src) : null);
    const mail = cartReminderMail({
      to: row.email,
      siteName: settings.siteName,
      name: recipient.name,
      language,
      sequence: row.sequence,
      url: `${deps.publicUrl}${pathInLanguage(`/cart/restore/${tokenFor("restore", row.id)}`, language)}`,
      stopUrl: `${deps.publicUrl}${pathInLanguage(`/cart/reminders/stop/${tokenFor("stop", row.id)}`, language)}`,
      lines: cart.lines.map((l) => ({
        name: lineLabel(l.name, l.selectedColor, l.selectedSize),
        quantity: l.quantity,
        price: money(l.finalPrice),
        image: absolute(l.image),
      })),
      subtotal: money(cart.totals.itemsSubtotal),
    });
    if (!(await deps.mailer.admit(row.email, { verifiedRecipient: recipient.verified }))) return;
    await k.transaction().execute(async (trx) => {
      await markMailed(trx, row.id, nowIso());
      await deps.mailer.enqueue(mail, { fromName: settings.siteName, executor: trx });
    });
  }

  deps.jobs.register<{ id: string }>(SEND_JOB, { maxAttempts: 5, handle: send });

  return {
    /**
     * Keeps what a shopper gave at checkout: with consent, the address (lower case), the language
     * and currency of their pages for their cart's reminders; without, a consent given before is
     * withdrawn and nothing new is stored. A signed-in customer's answer is their account's choice.
     */
    async rememberContact(shopper: Shopper, input: { email: string; consent: boolean; language: Language; currency: string | null }): Promise<void> {
      const owner = ownerKey(shopper);
      if (!owner) return;
      const at = nowIso();
      if (shopper.userId) await preferences.setCartReminders(shopper.userId, input.consent);
      if (!input.consent) {
        await setOwnerConsent(k, owner, 0, at);
        return;
      }
      await upsertContact(k, {
        owner,
        email: input.email.trim().toLowerCase(),
        language: input.language,
        currency: input.currency,
        consent: 1,
        updated_at: at,
      });
    },

    /** Whether this shopper agreed to cart reminders: a guest's browser that ticked the box, or an account that did not say no. */
    async hasConsent(shopper: Shopper): Promise<boolean> {
      if (shopper.userId) return preferences.cartReminders(shopper.userId);
      const owner = ownerKey(shopper);
      return owner ? (await getContact(k, owner))?.consent === 1 : false;
    },

    /**
     * One round: finds carts with lines left alone for the settings' delay (up to a week) and
     * claims a first reminder for each whose owner may be reminded and that had no open reminder in
     * the last 30 days, or a second a day after the first when the settings ask and the cart was
     * neither changed nor restored since. Each claim and its mail's job commit together; a claim
     * another run took is skipped. `now`: the round's clock (tests move it). Returns how many it queued.
     */
    async runScan(now: Date = new Date()): Promise<{ queued: number }> {
      const { cartReminders: rules } = await deps.settings();
      if (!rules.enabled) return { queued: 0 };
      const idle = await deps.cart.listIdleCarts(new Date(now.getTime() - LOOKBACK_MS), new Date(now.getTime() - rules.delayMinutes * MINUTE_MS), BATCH);
      if (idle.length === 0) return { queued: 0 };
      const [open, contacts] = await Promise.all([
        listOpenReminders(
          k,
          idle.map((c) => c.cartId),
          new Date(now.getTime() - QUIET_MS).toISOString(),
        ),
        getContacts(k, [...new Set(idle.map((c) => c.owner))]),
      ]);
      let queued = 0;
      for (const cart of idle) {
        const mine = open.filter((r) => r.cart_id === cart.cartId);
        const first = mine.find((r) => r.sequence === 1 && iso(r.activity_at) === cart.activityAt);
        let sequence: number;
        if (mine.length === 0) sequence = 1;
        else if (
          rules.second &&
          first?.mailed_at &&
          !first.restored_at &&
          !mine.some((r) => r.sequence === 2) &&
          new Date(iso(first.mailed_at)!).getTime() <= now.getTime() - SECOND_AFTER_MS
        )
          sequence = 2;
        else continue;
        const recipient = await recipientFor(
          cart.owner,
          contacts.find((c) => c.owner === cart.owner),
        );
        if (!recipient) continue;
        const id = newId();
        const claimed = await k.transaction().execute(async (trx) => {
          const stored = await claimReminder(trx, {
            id,
            cart_id: cart.cartId,
            owner: cart.owner,
            email: recipient.email,
            sequence,
            activity_at: cart.activityAt,
            lines: JSON.stringify(cart.items satisfies CartItem[]),
            language: recipient.language,
            currency: recipient.currency,
            created_at: now.toISOString(),
          });
          if (stored) await deps.jobs.enqueue(SEND_JOB, { id }, { executor: trx, key: id });
          return stored;
        });
        if (claimed) queued += 1;
      }
      if (queued) deps.logger.info({ queued }, "cart reminders queued");
      return { queued };
    },

    /**
     * Brings a reminder's cart back into this browser (a signed link from the mail, any device):
     * its lines join the shopper's cart, a line already there keeping the larger quantity. The
     * first restore is counted for the report. not_found for a link that is not one of ours.
     */
    async restore(token: string, shopper: Shopper): Promise<{ lines: number }> {
      const id = idOf("restore", token);
      const row = id ? await getReminder(k, id) : undefined;
      if (!row) throw new AppError("not_found", "This link is not valid.");
      const items = JSON.parse(row.lines) as CartItem[];
      const lines = await deps.cart.bringBack(shopper, items);
      await markRestored(k, row.id, ownerKey(shopper) ?? row.owner, nowIso());
      return { lines };
    },

    /** The unsubscribe link: no more cart reminders for the reminder's owner or its address. not_found for a link that is not one of ours. */
    async unsubscribe(token: string): Promise<void> {
      const id = idOf("stop", token);
      const row = id ? await getReminder(k, id) : undefined;
      if (!row) throw new AppError("not_found", "This link is not valid.");
      const at = nowIso();
      if (row.owner.startsWith("user:")) await preferences.setCartReminders(row.owner.slice(5), false);
      await setOwnerConsent(k, row.owner, 0, at);
      await withdrawEmail(k, row.email, at);
      const open = await listOpenFor(k, [row.owner], row.email);
      await closeReminders(
        k,
        open.map((r) => r.id),
        at,
      );
    },

    /**
     * In the order's transaction: an order by the reminded owner, by a browser that restored the
     * cart, or to the reminded address ends the reminders (none follows), and the latest reminder
     * mailed in the seven days before is credited with it (its total in the base currency).
     */
    async noteOrder(trx: Executor, order: { owner: string; email: string; orderId: string; totalBase: number; at: Date }): Promise<void> {
      const open = await listOpenFor(trx, [order.owner], order.email.trim().toLowerCase());
      if (open.length === 0) return;
      const since = order.at.getTime() - ATTRIBUTION_MS;
      const credited = open
        .filter((r) => r.mailed_at && new Date(iso(r.mailed_at)!).getTime() >= since)
        .sort((a, b) => iso(b.mailed_at)!.localeCompare(iso(a.mailed_at)!))[0];
      const at = order.at.toISOString();
      if (credited) await setOrder(trx, credited.id, { orderId: order.orderId, totalBase: order.totalBase, at });
      await closeReminders(
        trx,
        open.map((r) => r.id),
        at,
      );
    },

    /** Erases an account's contact and reminders with it (in the deletion's transaction). */
    forgetUser: (trx: Executor, userId: string) => deleteOwner(trx, `user:${userId}`),

    /** The report of `from`–`to` (days in the shop's time zone, both included). */
    async report(period: { from: LocalDate; to: LocalDate }): Promise<CartReminderFigures> {
      const settings = await deps.settings();
      const from = new Date(localMidnight(settings.timeZone, period.from)).toISOString();
      const to = new Date(localMidnight(settings.timeZone, addDays(period.to, 1))).toISOString();
      const f = await reportFigures(k, from, to);
      const sent = f.first + f.second;
      return {
        range: { from: period.from, to: period.to, currency: settings.currency },
        sent,
        first: f.first,
        second: f.second,
        restored: f.restored,
        orders: f.orders,
        revenue: toMajor(f.revenue),
        conversionRate: sent ? Math.round((f.orders / sent) * 1000) / 10 : null,
      };
    },

    /** Waits until the reminders queued so far are mailed (with this process's worker running; tests). */
    async idle(): Promise<void> {
      await deps.jobs.settle([SEND_JOB]);
      await deps.mailer.idle();
    },
  };
}

export type CartReminders = ReturnType<typeof createCartReminders>;
