import { sql } from "kysely";
import type { Db } from "../db/database";
import type { Env } from "../lib/env";
import { createAuthService } from "../auth/auth.service";
import { createEpoch } from "../lib/cache";
import { createVisitorCookies } from "../lib/shopper";
import { createRateLimitStore } from "../lib/rate-limit";
import { resolveAuthSecret } from "../auth/secret";
import { createReviewRequests } from "../flows/review-requests";
import { createSignedTokens } from "../lib/signed-token";
import { type Logger, createLogger } from "../lib/logger";
import { createCatalogRepo } from "#modules/catalog";
import { createCatalogService } from "#modules/catalog";
import { createCategoriesAdmin } from "#modules/catalog";
import { createCatalogAdmin } from "#modules/catalog";
import { createContentService } from "#modules/content";
import { createBannersService } from "#modules/content";
import { createMessagesService } from "#modules/content";
import { createSettingsAdmin } from "#modules/content";
import { createPixelAdmin } from "#modules/content";
import { createImageService } from "#modules/images";
import { objectStoreFromEnv } from "#modules/storage";
import { type Mailer, createMailer } from "#modules/mail";
import { createJobQueue } from "#modules/jobs";
import { createSearchService } from "#modules/search";
import { createCartService } from "#modules/cart";
import { createWishlistService } from "#modules/wishlist";
import { createOrdersService } from "#modules/orders";
import { createOrderMails } from "#modules/orders";
import { createLowStockAlert } from "#modules/inventory";
import { createInventory } from "#modules/inventory";
import { createOrderTokens } from "#modules/orders";
import { createOrderLimits } from "#modules/orders";
import { createOrdersAdmin } from "#modules/orders";
import { createSalesReport } from "#modules/orders";
import { createUsersService } from "#modules/users";
import { createAuditService } from "#modules/audit";
import { createPaymentsService } from "#modules/payments";
import { createShopperFlows } from "../flows/merge-visitor";
import { createCheckout, createOrderMoves } from "../flows/order-flows";
import { createOrderCustomers } from "#modules/orders";
import { createCustomerFlows } from "../flows/customers";
import { createOrderReturns } from "#modules/orders";
import { createOrderRefunds } from "#modules/orders";
import { createRefundFlows } from "../flows/refund-order";
import { createReturnFlows } from "../flows/receive-return";
import { createDashboard } from "../flows/dashboard";
import { createBackgroundJobs } from "../flows/background-jobs";
import { createAnalyticsService } from "#modules/analytics";
import { createWebhooks } from "#modules/webhooks";
import { createPromotions } from "#modules/promotions";
import { createGiftCards } from "#modules/giftcards";
import { createReviews } from "#modules/reviews";
import { createOrderPurchases } from "#modules/orders";
import { createAlerts } from "#modules/alerts";
import { createCartReminders } from "#modules/reminders";

export interface ServiceOptions {
  /** The process logger (a silent one when omitted, as in tests). */
  logger?: Logger;
  /** Another mailer (the default follows SMTP_URL; see server/modules/mail). */
  mailer?: Mailer;
}

/** Every domain service, wired once per process and shared by the API and the pages. */
export function createServices(db: Db, env: Env, options: ServiceOptions = {}) {
  const logger = options.logger ?? createLogger("silent");
  const catalogRepo = createCatalogRepo(db);
  // Bumped by every catalogue or content write; all read caches (services and HTTP) key on it.
  const dataEpoch = createEpoch();
  // Every rate limit counts in the database: shared by all instances, kept across restarts.
  const rateLimits = createRateLimitStore(db);
  const content = createContentService(db, { epoch: dataEpoch });
  // The durable job queue: mails and scheduled work are rows of the shop's database, taken by a worker in any instance.
  const jobs = createJobQueue(db, { logger });
  const mailer = options.mailer ?? createMailer(env, logger, { rateLimits, jobs });
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, "");
  // Outgoing webhooks: the writes below emit their events through it, in their own transactions.
  const webhooks = createWebhooks({
    db,
    jobs,
    mailer,
    settings: () => content.getSettings(),
    logger,
    epoch: dataEpoch,
    publicUrl,
    adminEmail: env.ADMIN_EMAIL,
    // Plain http and private addresses while developing and testing (the tests' receivers listen on 127.0.0.1), in production only when allowed.
    network: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS ?? env.NODE_ENV !== "production" },
  });
  // Where every picture and its sizes go: the folder or the S3 bucket STORAGE_URL names, shared by all instances.
  const storage = objectStoreFromEnv(env);
  const images = createImageService({ storage });
  const auth = createAuthService({
    db,
    env,
    logger,
    mailer,
    images,
    rateLimits,
    siteName: async () => (await content.getSettings()).siteName,
    // Called per request, long after `orders` below exists.
    countOrders: (userId) => orders.countForUser(userId),
    webhooks,
  });
  // The anonymous shopper's cookie is signed with the auth secret (resolved after auth, which
  // reports how it got it; this second read is quiet).
  const shopSecret = resolveAuthSecret(env, createLogger("silent"));
  const visitors = createVisitorCookies(shopSecret, { secure: env.PUBLIC_URL.startsWith("https:") });
  const payments = createPaymentsService(env, logger);
  const settings = () => content.getSettings();
  const orderTokens = createOrderTokens(shopSecret);
  // The orders module's figures per customer, which the users list shows and sorts by.
  const orderCustomers = createOrderCustomers(db);
  const users = createUsersService(db, { orderStats: orderCustomers });
  const orderMails = createOrderMails({
    mailer,
    settings,
    tokens: orderTokens,
    publicUrl,
    logger,
    accountEmail: (id) => users.getUser(id),
    adminEmail: env.ADMIN_EMAIL,
  });
  // The shop's low-stock mail (the inventory's): once a day at most, after the order that crossed the threshold.
  const lowStock = createLowStockAlert({ db, mailer, settings, logger, publicUrl, adminEmail: env.ADMIN_EMAIL });
  const orderLimits = createOrderLimits({
    db,
    rateLimits,
    rules: { perIp: env.ORDER_LIMIT_PER_IP, perShopper: env.ORDER_LIMIT_PER_SHOPPER, perContact: env.ORDER_LIMIT_PER_CONTACT },
  });
  // Modules get the services of the modules they read (never their repos or tables).
  const catalog = createCatalogService(db, catalogRepo, dataEpoch);
  // The one writer of stock; whatever raises it tells the shoppers' back-in-stock alerts (created below), in its transaction.
  const inventory = createInventory({ raised: (trx, rows) => alerts.stockRaised(trx, rows) });
  const promotions = createPromotions({ db, catalog, epoch: dataEpoch });
  const giftCards = createGiftCards({ db, settings, mailer, publicUrl });
  const cart = createCartService(db, {
    settings,
    catalog,
    rateLimits,
    giftCards,
    promotions: {
      live: (x) => promotions.live(x),
      // Called per pricing, long after `orders` below exists.
      async customer(x, who, ids) {
        const key = who.userId ?? who.email?.trim().toLowerCase() ?? "";
        const [uses, ordered] = await Promise.all([promotions.customerUses(x, key, ids), orders.hasOrdered(x, who)]);
        return { uses, firstOrder: !ordered };
      },
    },
  });
  const wishlist = createWishlistService(db, { catalog });
  // Reminders of carts left alone: the cart's and the accounts' services, mails as jobs.
  const reminders = createCartReminders({
    db,
    cart,
    accounts: users,
    // The account's choice lives with its other mail switches (PATCH /api/account/preferences).
    preferences: {
      cartReminders: async (userId) => (await users.getPreferences(userId)).cartReminders,
      setCartReminders: async (userId, on) => {
        await users.setPreferences(userId, { cartReminders: on });
      },
    },
    settings,
    mailer,
    jobs,
    publicUrl,
    secret: shopSecret,
    logger,
  });
  const orders = createOrdersService({ db, cart, payments, tokens: orderTokens, mails: orderMails, limits: orderLimits });
  const ordersAdmin = createOrdersAdmin(db, { mails: orderMails });
  const orderRefunds = createOrderRefunds({ db, mails: orderMails, settings, webhooks, giftCards });
  const orderReturns = createOrderReturns({ db, orders, mails: orderMails, settings, webhooks });
  // The flows that span modules (server/flows), each a service of its own over the modules' services.
  const orderFlowDeps = {
    db,
    orders,
    ordersAdmin,
    refunds: orderRefunds,
    cart,
    promotions,
    giftCards,
    payments,
    lowStock,
    settings,
    epoch: dataEpoch,
    logger,
    webhooks,
    accounts: users,
    inventory,
    reminders,
  };
  const search = createSearchService(db, catalog, { epoch: dataEpoch, perIpLimit: { store: rateLimits, rule: env.SEARCH_LIMIT_PER_IP } });
  const audit = createAuditService(db);
  // The one catalogue write path: withdrawn products leave carts and wishlists through their services.
  const catalogAdmin = createCatalogAdmin(db, {
    epoch: dataEpoch,
    stock: inventory,
    // A listed price that fell may mail the customers who wished the product.
    prices: { listedPricesFell: (trx, fell) => alerts.listedPricesFell(trx, fell) },
    search,
    lowStockThreshold: async () => (await settings()).lowStockThreshold,
    presentmentCurrencies: async () => (await settings()).currencies.map((c) => c.code),
    taxClasses: async () => (await settings()).taxes.classes,
    webhooks,
    shoppers: {
      async withdrawProducts(trx, products) {
        await cart.withdrawProducts(trx, products);
        await wishlist.withdrawProducts(trx, products);
      },
    },
  });
  // Only buyers review: the orders module answers whether an account received a product.
  const purchases = createOrderPurchases(db);
  const reviews = createReviews({ db, catalog, purchases, settings, epoch: dataEpoch, images, tokens: createSignedTokens(shopSecret) });
  // Back-in-stock alerts and price-drop mails: the catalogue, users and wishlists through their services.
  const alerts = createAlerts({ db, jobs, mailer, catalog, users, wishlist, settings, publicUrl, secret: shopSecret });
  const reports = createSalesReport(db, { settings, products: (ids) => catalog.listSummaries(ids) });
  const analytics = createAnalyticsService(db, {
    rule: env.ANALYTICS_LIMIT_PER_IP,
    settings,
    products: (ids) => catalog.listByIds(ids),
    ownHosts: [new URL(env.PUBLIC_URL).hostname],
    logger,
  });
  const messages = createMessagesService(db, {
    rateLimits,
    contactLimitPer10Min: env.CONTACT_RATE_LIMIT,
    mailer,
    settings,
    adminEmail: env.ADMIN_EMAIL,
    publicUrl,
    logger,
    webhooks,
  });
  return {
    env,
    /** Whether the database answers, and which engine it is (the health check's answer). */
    health: {
      dialect: db.dialect,
      ping: async () => {
        await sql`select 1`.execute(db.kysely);
      },
    },
    dataEpoch,
    rateLimits,
    catalog,
    search,
    /** Products and variants for the admin: the list, the product read, and every write (audited; CSV import and export). */
    catalogAdmin,
    content,
    /** The site settings' admin side: read with the environment's facts (card payments set up), replace whole (audited). */
    settingsAdmin: createSettingsAdmin(db, {
      epoch: dataEpoch,
      images,
      facts: { cardPayments: payments.cardPayments, cardWebhook: Boolean(env.STRIPE_WEBHOOK_SECRET) },
      current: settings,
    }),
    /** The tracking pixel's admin side: read, replace (validated, audited; pages and their CSP follow at once). */
    pixelAdmin: createPixelAdmin(db, { epoch: dataEpoch, current: () => content.getPixel() }),
    /** The contact messages: the contact form's write (mailed to the shop's contact address) and the admin's inbox (audited). */
    messages,
    /** The home banners: the carousel's live ones, and the admin's list and writes (audited). */
    banners: createBannersService(db, { epoch: dataEpoch, images }),
    /** The category tree's admin reads and writes (audited; hidden categories, slug redirects, moves). */
    categoriesAdmin: createCategoriesAdmin(db, { epoch: dataEpoch, images, products: catalogAdmin, search }),
    images,
    /** The object store of uploaded pictures (a folder or an S3 bucket) and the public address pages load them from. */
    storage,
    /** The durable job queue (mail delivery, webhooks, scheduled work); `start()` runs this process's worker. */
    jobs,
    /** Outgoing webhooks: the admin's endpoints and deliveries; writes emit their events through it. */
    webhooks,
    /** Promotions and discount codes: the admin's list and writes (audited). */
    promotions,
    /** Shoppers' back-in-stock alerts (guests confirm by mail) and the wishlists' price-drop mails, both through the job queue. */
    alerts,
    /** Product reviews: buyers' writes, the product page's list and figures, helpful votes, and moderation (audited). */
    reviews,
    /** Cart reminders: the checkout's consent, the scheduled round, the restore and unsubscribe links, orders credited, the report. */
    reminders,
    /** The mail asking buyers to review what they received, some days after delivery (a scheduled job runs `sendDue`). */
    reviewRequests: createReviewRequests({ db, purchases, reviews, catalog, mailer, settings, publicUrl, logger }),
    /** Gift cards: the admin's list, issue (the code shown once) and switch (audited); lookup, redeem, give back and issue for an order's transaction. */
    giftCards,
    mailer,
    /** The shop's low-stock mail (once a day at most); `idle()` waits for one under way. */
    lowStock,
    visitors,
    auth,
    payments,
    cart,
    wishlist,
    orders,
    /** Placing an order: re-priced, stock taken and the cart emptied in one transaction. */
    checkout: createCheckout(orderFlowDeps),
    /** Every status move of an order (cancel, move, move many, release unpaid card orders), each with its effects. */
    orderMoves: createOrderMoves(orderFlowDeps),
    /** Customers' return requests and the operators' steps on them (request, approve, refuse; the orders module's). */
    orderReturns,
    /** Receiving a return: the stock comes back once. */
    returns: createReturnFlows({ db, returns: orderReturns, epoch: dataEpoch, inventory }),
    /** What an order may still refund, and its refunds (the orders module's). */
    orderRefunds,
    /** The refund flow: Stripe for card orders, manual for cash on delivery. */
    refunds: createRefundFlows({ refunds: orderRefunds, payments }),
    /** The order desk's reads and notes (list, tab counts, CSV, an order with its timeline); its moves are `orderMoves`. */
    ordersAdmin,
    /** The sales report (orders module; its figures are defined once there): totals, a series per day, week or month in the shop's time zone, breakdowns, CSV. The dashboard reads it too. */
    reports,
    users,
    audit,
    /** The orders module's part of the customer screens: orders and money spent per customer, a customer's orders. */
    orderCustomers,
    /** The customer screens' flows: one customer's page, deleting (by the admin or themself) and exporting a customer. */
    customers: createCustomerFlows({
      db,
      users,
      orderCustomers,
      addresses: (userId) => orders.listAddresses(userId),
      cart,
      wishlist,
      audit,
      reviews,
      reminders,
      auth,
      rateLimits,
    }),
    /** The first-party site analytics: the storefront's batches of events, the daily roll-up, the analytics screen's report and `summary` (visitors, orders, conversion rate) for the dashboard. */
    analytics,
    /** The admin's start page for one staff member: the sales report's figures, the analytics' conversion, what needs action. */
    dashboard: createDashboard({ reports, analytics, ordersAdmin, returns: orderReturns, messages, catalogAdmin, users, settings }),
    /** At sign-in, this browser's anonymous cart and wishlist move into the account. */
    shoppers: createShopperFlows({ db, cart, wishlist }),
    /** The Background jobs screen: counts, failed jobs with their error, retry and discard (audited). */
    backgroundJobs: createBackgroundJobs({ db, jobs }),
  };
}

export type Services = ReturnType<typeof createServices>;
