import { randomBytes } from "node:crypto";
import { signedIds } from "../../lib/signed-token";
import { type StockAlertInput, stockAlertInputSchema } from "#common/alerts/alerts.schema";
import { lineLabel } from "#common/catalog/line-label";
import { chooseVariant } from "#common/catalog/variant-choice";
import type { SiteSettings } from "#common/content/content.schema";
import { type Market, baseMarket, convertPrice, currencyForLanguage, marketOf } from "#common/currency";
import { AppError } from "#common/errors";
import { DEFAULT_LANGUAGE, type Language, isLanguage, localeOf, pathInLanguage } from "#common/i18n/languages";
import { formatMoney, toMajor } from "#common/money";
import { parseInput } from "#common/validate";
import type { CatalogService, ListingChange } from "#modules/catalog";
import type { RaisedRow } from "#modules/inventory";
import type { JobQueue } from "#modules/jobs";
import { type Mailer, backInStockMail, priceDropMail, stockAlertConfirmMail } from "#modules/mail";
import type { Db } from "../../db/database";
import { newId } from "../../lib/ids";
import {
  type AlertRow,
  type Executor,
  claimPriceDropMail,
  confirmAlert,
  countWaitingByVariant,
  deleteAlert,
  findAlert,
  findByToken,
  insertAlert,
  listForProduct,
  listWaitedFor,
  listWaiting,
  markNotified,
  restartAlert,
} from "./alerts.repo";

/** The job that mails the subscribers of a product (or variant) that is back in stock. */
export const BACK_IN_STOCK_JOB = "alerts.back-in-stock";
/** The job that mails the customers who wished products whose listed price fell. */
export const PRICE_DROP_JOB = "alerts.price-drop";
const WEEK_MS = 7 * 24 * 60 * 60_000;

export interface AlertsDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  catalog: Pick<
    CatalogService,
    "getPurchaseOptions" | "listPurchasables" | "productNames" | "requireProduct" | "detailInMarket" | "listSummaries" | "listedInMarket"
  >;
  users: {
    listPriceDropRecipients(userIds: string[]): Promise<Array<{ id: string; email: string; name: string | null; language: Language }>>;
    setPreferences(userId: string, patch: unknown): Promise<unknown>;
  };
  wishlist: { listAccountWishers(productIds: string[]): Promise<Array<{ userId: string; productId: string }>> };
  settings: () => Promise<SiteSettings>;
  /** The shop's address (PUBLIC_URL, no trailing slash), for the mails' links. */
  publicUrl: string;
  /** Signs the price-drop mails' unsubscribe links (the shop's secret). */
  secret: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** Who asks for an alert: the signed-in account (if any), the page's language and the currency the shopper sees. */
export interface AlertRequester {
  user: { id: string; email: string } | null;
  language: Language;
  currency: string | null;
}

/** What a subscription did: `waiting` (active, signed in with their own address) or `pending` (a confirmation mail went). */
export interface SubscribeResult {
  status: "waiting" | "pending";
  created: boolean;
}

/** An alert as its mail's link shows it. */
export interface AlertView {
  status: "pending" | "waiting" | "notified";
  product: string;
  productPath: string;
}

const token = () => randomBytes(24).toString("base64url");

/**
 * Shoppers' alerts: "tell me when it's back" for a sold-out product or variant (a guest confirms by
 * mail first), mailed once each, earliest first, through the job queue when the inventory says
 * its stock came back; and mails to customers who switched on price-drop alerts when a wished
 * product's listed price falls by the settings' percent, at most once a week per product.
 */
export function createAlerts(deps: AlertsDeps) {
  const k = deps.db.kysely;
  const now = deps.now ?? (() => new Date());

  const marketFor = (settings: SiteSettings, currency: string) => marketOf(settings, currency) ?? baseMarket(settings);
  const localeFor = (settings: SiteSettings, language: Language) =>
    language === DEFAULT_LANGUAGE ? settings.locale || "en-US" : localeOf(language, settings.locale);
  const languageOf = (code: string): Language => (isLanguage(code) ? code : DEFAULT_LANGUAGE);
  const pageUrl = (path: string, language: Language) => `${deps.publicUrl}${pathInLanguage(path, language)}`;
  const alertUrl = (a: Pick<AlertRow, "token" | "language">) => pageUrl(`/stock-alerts/${a.token}`, languageOf(a.language));
  const oneClickUrl = (t: string) => `${deps.publicUrl}/api/stock-alerts/${encodeURIComponent(t)}/unsubscribe`;

  /** The product (or variant) an alert waits for, in a language: its label and page. */
  async function itemOf(productId: string, variantId: string, language: Language): Promise<{ label: string; slug: string } | null> {
    const options = await deps.catalog.getPurchaseOptions(productId);
    if (!options) return null;
    const item = options.purchasable(variantId);
    if (!item) return null;
    const name = (await deps.catalog.productNames([productId], language)).get(productId) ?? options.name;
    return { label: lineLabel(name, item.variant?.color, item.variant?.size), slug: item.slug };
  }

  async function sendConfirmation(alert: Pick<AlertRow, "productId" | "variantId" | "email" | "token" | "language">, settings: SiteSettings) {
    const language = languageOf(alert.language);
    const product = await itemOf(alert.productId, alert.variantId, language);
    if (!product) return;
    const mail = stockAlertConfirmMail({ to: alert.email, siteName: settings.siteName, url: alertUrl(alert), language, product: product.label });
    await deps.mailer.send(mail, { fromName: settings.siteName });
  }

  /** Mails the subscribers waiting for one product or variant, earliest first, once each: a claim and its mail are one transaction. */
  async function mailBackInStock(productId: string, variantId: string): Promise<number> {
    const options = await deps.catalog.getPurchaseOptions(productId);
    if (options?.status !== "active") return 0;
    const item = options.purchasable(variantId);
    const stock = variantId ? item?.variant?.stock : options.stock;
    if (!item || !stock || stock <= 0) return 0;
    const waiting = await listWaiting(k, productId, variantId);
    if (waiting.length === 0) return 0;
    const settings = await deps.settings();
    // The page's figures per language and currency, read once for all their subscribers.
    const pages = new Map<string, Promise<{ label: string; price: string }>>();
    const page = (language: Language, currency: string) => {
      const key = `${language}:${currency}`;
      let found = pages.get(key);
      if (!found) {
        found = (async () => {
          const market = marketFor(settings, currency);
          const detail = await deps.catalog.detailInMarket(await deps.catalog.requireProduct(item.slug, language), market);
          const variant = detail.variants.find((v) => v.id === variantId);
          const price = variant?.finalPrice ?? detail.finalPrice;
          return { label: lineLabel(detail.name, variant?.color, variant?.size), price: formatMoney(price, market.currency, localeFor(settings, language)) };
        })();
        pages.set(key, found);
      }
      return found;
    };
    let sent = 0;
    for (const alert of waiting) {
      const language = languageOf(alert.language);
      const shown = await page(language, alert.currency);
      const mail = backInStockMail({
        to: alert.email,
        siteName: settings.siteName,
        url: pageUrl(`/products/${item.slug}`, language),
        language,
        product: shown.label,
        price: shown.price,
        unsubscribeUrl: alertUrl(alert),
        oneClickUrl: oneClickUrl(alert.token),
      });
      const at = now().toISOString();
      const claimed = await k.transaction().execute(async (trx) => {
        if (!(await markNotified(trx, alert.id, at))) return false;
        await deps.mailer.enqueue(mail, { fromName: settings.siteName, executor: trx });
        return true;
      });
      if (claimed) sent += 1;
    }
    return sent;
  }

  // The price-drop mails' unsubscribe token of an account: its id, signed.
  const priceDropLinks = signedIds(deps.secret, "price-drop-alerts");
  const priceDropToken = (userId: string) => priceDropLinks.sign(userId);
  const priceDropUser = (token: string) => priceDropLinks.read(token);

  /** Mails, at most once a week per customer and product, those who wished these products and want price-drop mails, when the fall reaches the settings' percent. */
  async function mailPriceDrops(fell: ListingChange[]): Promise<number> {
    const settings = await deps.settings();
    const percent = settings.alerts.priceDropPercent;
    const drops = new Map(fell.filter((d) => d.before > 0 && (d.before - d.after) * 100 >= percent * d.before).map((d) => [d.productId, d]));
    if (drops.size === 0) return 0;
    const wishers = await deps.wishlist.listAccountWishers([...drops.keys()]);
    if (wishers.length === 0) return 0;
    const recipients = new Map((await deps.users.listPriceDropRecipients(wishers.map((w) => w.userId))).map((r) => [r.id, r]));
    const summaries = new Map<string, Awaited<ReturnType<typeof deps.catalog.listSummaries>>>();
    let sent = 0;
    for (const w of wishers) {
      const who = recipients.get(w.userId);
      const drop = drops.get(w.productId);
      if (!who || !drop) continue;
      let list = summaries.get(who.language);
      if (!list) {
        list = await deps.catalog.listSummaries([...drops.keys()], who.language);
        summaries.set(who.language, list);
      }
      const summary = list.find((s) => s.id === w.productId);
      if (!summary?.active) continue;
      const market: Market = marketFor(settings, currencyForLanguage(settings, who.language));
      const [shown] = await deps.catalog.listedInMarket(
        [{ productId: summary.id, price: summary.price, discount: summary.discount, finalPrice: summary.finalPrice }],
        market,
      );
      const before = market.base ? toMajor(drop.before) : toMajor(convertPrice(drop.before, market));
      // A price fixed in the customer's currency may not have moved: no mail about a drop they would not see.
      if (!shown || shown.finalPrice >= before) continue;
      const locale = localeFor(settings, who.language);
      const t = priceDropToken(who.id);
      const mail = priceDropMail({
        to: who.email,
        name: who.name,
        siteName: settings.siteName,
        url: pageUrl(`/products/${summary.slug}`, who.language),
        language: who.language,
        product: summary.name,
        price: formatMoney(shown.finalPrice, market.currency, locale),
        before: formatMoney(before, market.currency, locale),
        unsubscribeUrl: pageUrl(`/price-drop-alerts/${t}`, who.language),
        oneClickUrl: `${deps.publicUrl}/api/price-drop-alerts/${encodeURIComponent(t)}/unsubscribe`,
      });
      const at = now();
      const claimed = await k.transaction().execute(async (trx) => {
        if (!(await claimPriceDropMail(trx, who.id, w.productId, at.toISOString(), new Date(at.getTime() - WEEK_MS).toISOString()))) return false;
        await deps.mailer.enqueue(mail, { fromName: settings.siteName, executor: trx });
        return true;
      });
      if (claimed) sent += 1;
    }
    return sent;
  }

  deps.jobs.register<{ productId: string; variantId: string }>(BACK_IN_STOCK_JOB, {
    handle: async ({ productId, variantId }) => void (await mailBackInStock(productId, variantId)),
  });
  deps.jobs.register<{ fell: ListingChange[] }>(PRICE_DROP_JOB, { handle: async ({ fell }) => void (await mailPriceDrops(fell)) });

  return {
    /**
     * Asks to be told when a sold-out product or variant is back: 404 for a product not on sale,
     * 400 naming a missing or wrong colour or size or address, 409 when it is in stock. A
     * signed-in shopper's own address waits at once; any other address gets a confirmation mail
     * first. The same address for the same item never makes a second alert.
     */
    async subscribe(input: unknown, who: AlertRequester): Promise<SubscribeResult> {
      const values: StockAlertInput = parseInput(stockAlertInputSchema, input);
      const product = await deps.catalog.getPurchaseOptions(values.productId);
      if (product?.status !== "active") throw new AppError("not_found", "There is no such product on sale.", { productId: "There is no such product on sale" });
      const variant = chooseVariant(product.name, product.variants, values.color || null, values.size || null);
      const stock = variant ? variant.stock : product.stock;
      if (stock > 0) throw new AppError("conflict", `${lineLabel(product.name, variant?.color, variant?.size)} is in stock: you can order it now.`);
      const email = values.email.toLowerCase();
      const own = who.user !== null && who.user.email.toLowerCase() === email;
      const settings = await deps.settings();
      const currency = who.currency && marketOf(settings, who.currency) ? who.currency.toUpperCase() : currencyForLanguage(settings, who.language);
      const at = now().toISOString();
      const status = own ? "waiting" : "pending";
      const variantId = variant?.id ?? "";
      const fresh = {
        status,
        userId: own ? who.user!.id : null,
        language: who.language,
        currency,
        createdAt: at,
        confirmedAt: own ? at : null,
      } as const;
      let alert = await findAlert(k, product.id, variantId, email);
      let created = false;
      if (!alert) {
        const row = { id: newId(), productId: product.id, variantId, email, token: token(), ...fresh };
        created = await insertAlert(k, row);
        alert = created ? { ...row, notifiedAt: null } : await findAlert(k, product.id, variantId, email);
        if (!alert) throw new AppError("conflict", "Please try again.");
      } else if (alert.status === "notified") {
        // Mailed once when it came back, sold out again: it waits anew, from now.
        await restartAlert(k, alert.id, fresh);
        alert = { ...alert, ...fresh };
        created = true;
      } else if (alert.status === "pending" && own) {
        await confirmAlert(k, alert.token, at);
        alert = { ...alert, status: "waiting" };
      }
      if (alert.status === "pending") await sendConfirmation(alert, settings);
      return { status: alert.status === "pending" ? "pending" : "waiting", created };
    },

    /** The alert a mail's link names, in a language, for its page; 404 when it is gone (unsubscribed). */
    async view(t: string, language: Language): Promise<AlertView> {
      const alert = await findByToken(k, t);
      const product = alert && (await itemOf(alert.productId, alert.variantId, language));
      if (!alert || !product) throw new AppError("not_found", "This alert no longer exists.");
      return { status: alert.status, product: product.label, productPath: `/products/${product.slug}` };
    },

    /** Confirms a guest's alert from its mail's link (again: nothing changes); mails at once when the item is back meanwhile. 404 when it is gone. */
    async confirm(t: string): Promise<void> {
      const alert = await findByToken(k, t);
      if (!alert) throw new AppError("not_found", "This alert no longer exists.");
      if (!(await confirmAlert(k, t, now().toISOString()))) return;
      await deps.jobs.enqueue(BACK_IN_STOCK_JOB, { productId: alert.productId, variantId: alert.variantId });
    },

    /** Forgets an alert (the mails' unsubscribe link); 404 when there is none. */
    async unsubscribe(t: string): Promise<void> {
      if (!(await deleteAlert(k, t))) throw new AppError("not_found", "This alert no longer exists.");
    },

    /**
     * The inventory's listener: rows that have units again after a give-back or a count. In the
     * write's transaction, the ones somebody waits for get the job that mails them (after the commit).
     */
    async stockRaised(trx: Executor, rows: RaisedRow[]): Promise<void> {
      for (const row of await listWaitedFor(trx, rows)) await deps.jobs.enqueue(BACK_IN_STOCK_JOB, row, { executor: trx });
    },

    /** The catalogue's listener: products whose listed price fell, in the write's transaction; the job decides whom to mail. */
    async listedPricesFell(trx: Executor, fell: ListingChange[]): Promise<void> {
      await deps.jobs.enqueue(PRICE_DROP_JOB, { fell }, { executor: trx });
    },

    /** Switches off the price-drop mails of the account a mail's signed link names; 404 for a link the shop did not sign. */
    async stopPriceDrops(t: string): Promise<void> {
      const userId = priceDropUser(t);
      if (!userId) throw new AppError("not_found", "This link is not valid.");
      await deps.users.setPreferences(userId, { priceDropAlerts: false });
    },

    /** The admin's view: products and variants with subscribers waiting, how many and since when, the most awaited first. */
    async listWaitingVariants() {
      const groups = await countWaitingByVariant(k, 200);
      const items = await deps.catalog.listPurchasables(groups.map((g) => ({ productId: g.productId, variantId: g.variantId })));
      const byKey = new Map(items.map((i) => [`${i.productId}\u0000${i.variantId}`, i]));
      return groups.map((g) => {
        const item = byKey.get(`${g.productId}\u0000${g.variantId}`);
        return {
          ...g,
          name: item ? lineLabel(item.name, item.variant?.color, item.variant?.size) : g.productId,
          slug: item?.slug ?? null,
          stock: item ? (g.variantId ? (item.variant?.stock ?? 0) : item.productStock) : 0,
        };
      });
    },

    /** The admin's view of one product: every address with its variant, status and dates, earliest first. */
    async listSubscribers(productId: string) {
      const options = await deps.catalog.getPurchaseOptions(productId);
      if (!options) throw new AppError("not_found", "There is no such product.");
      const variants = new Map(options.variants.map((v) => [v.id, v]));
      return (await listForProduct(k, productId)).map((a) => {
        const v = variants.get(a.variantId);
        return {
          email: a.email,
          variant: lineLabel(options.name, v?.color, v?.size),
          status: a.status,
          signedIn: a.userId !== null,
          createdAt: a.createdAt,
          confirmedAt: a.confirmedAt,
          notifiedAt: a.notifiedAt,
        };
      });
    },

    /** Runs the back-in-stock mails of one item now (tests; the job does it otherwise). */
    mailBackInStock,
  };
}

export type AlertsService = ReturnType<typeof createAlerts>;
