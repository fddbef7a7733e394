import type { Logger } from "../../lib/logger";
import type { SiteSettings } from "#common/content/content.schema";
import type { RateDecision } from "../../lib/rate-limit";
import type { Mail, MailDiscount, MailGiftCards, Mailer, MailTaxes } from "#modules/mail";
import { createMailQueue } from "#modules/mail";
import { newOrderShopMail, orderAfterSaleMail, orderConfirmationMail, orderMessageMail, orderStatusMail } from "#modules/mail";
import { lineLabel } from "#common/catalog/line-label";
import { toMajor } from "#common/money";
import { formatMoney } from "#common/money";
import { PAYMENT_METHOD_LABEL } from "#common/payments/payment-methods";
import type { OrderTokens } from "./order-token";
import { lineName, orderDiscounts, orderGiftCards, orderReceiptTaxLines, orderSums } from "./orders.repo";
import type { Executor, OrderRecord, OrderRow } from "./orders.types";
import type { OrderStatus } from "#common/orders/order-status";
import { countryName } from "#common/geo";
import { DEFAULT_LANGUAGE, type Language, isLanguage, localeOf, pathInLanguage } from "#common/i18n/languages";
import { translatorFor } from "#common/i18n/messages.server";
import type { Translate } from "#common/i18n/translate";
import { taxRowLabel, vatNotCharged } from "#common/tax/tax-words";

export interface OrderMailDeps {
  mailer: Mailer;
  settings: () => Promise<SiteSettings>;
  tokens: OrderTokens;
  publicUrl: string;
  logger: Logger;
  /** A customer account's address and whether its owner confirmed it (the users module), or null. */
  accountEmail: (userId: string) => Promise<{ email: string; emailVerified: boolean } | null>;
  /** Where the shop's own order mails go when the settings have no contact address (ADMIN_EMAIL), if anywhere. */
  adminEmail?: string;
}

/** An order's money format for its mails and timeline: minor units (1250) in the order's currency and the shop's locale, "$12.50". */
export function moneyIn(currency: string, locale: string): (minor: number) => string {
  return (minor) => formatMoney(toMajor(minor), currency, locale || "en-US");
}

/** The language an order's customer reads its mails in: the one it was placed in (English for orders placed before languages). */
export function orderLanguage(o: Pick<OrderRow, "language">): Language {
  return isLanguage(o.language) ? o.language : DEFAULT_LANGUAGE;
}

/**
 * The `Intl` locale of an order's mails: the shop's own locale where it is in the order's
 * language (en-GB for an English order of a British shop), else the language's (de-DE).
 */
export function orderLocale(o: Pick<OrderRow, "language">, shopLocale: string | null | undefined): string {
  const language = orderLanguage(o);
  // An English order keeps the shop's locale as it is (and its "en-US" default), as before languages.
  if (language === DEFAULT_LANGUAGE) return shopLocale || "en-US";
  return localeOf(language, shopLocale);
}

/** What a mail about an order writes with: its language's words, and money in its currency and locale. */
export interface OrderMailWords {
  t: Translate;
  fmt: (minor: number) => string;
  language: Language;
  locale: string;
}

/** The words of an order's mails (see OrderMailWords). */
export function orderMailWords(o: Pick<OrderRow, "language" | "currency">, shopLocale: string | null | undefined): OrderMailWords {
  const language = orderLanguage(o);
  const locale = orderLocale(o, shopLocale);
  return { t: translatorFor(language, locale), fmt: moneyIn(o.currency, locale), language, locale };
}

/**
 * An order's tax per rate as its mails show it, in the mail's words: each rate's label ("VAT 19 %",
 * "Includes VAT 19 %" where the prices included it, "Reverse charge") and amount, whether the
 * prices included the tax (the rows then follow the total instead of adding to it), and the VAT a
 * reverse-charge buyer of such prices did not pay.
 */
function mailTaxes(record: OrderRecord, t: Translate, fmt: (minor: number) => string, locale: string): MailTaxes {
  const sums = orderSums(record.order);
  const lines = orderReceiptTaxLines(record);
  const notCharged = vatNotCharged(sums, lines, 1);
  return {
    included: sums.pricesIncludeTax,
    notCharged: notCharged > 0 ? { label: t("cart.tax.notCharged"), value: `−${fmt(notCharged)}` } : null,
    rows: lines.map((line) => ({ label: taxRowLabel(t, locale, line, sums.pricesIncludeTax), value: fmt(line.amount) })),
  };
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a mail's language: English as the shop's list writes it, another language as `Intl` names it. */
function countryIn(code: string, language: Language, locale: string): string {
  if (language === DEFAULT_LANGUAGE) return countryName(code);
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? countryName(code);
  } catch {
    return countryName(code);
  }
}

/**
 * The customer's order mails, sent after the answer (a slow SMTP server never delays checkout);
 * `idle()` waits for the ones under way (tests, shutdown).
 */
/** An order's promotions as its mails print them, in the mail's language and money. */
function mailDiscounts(record: OrderRecord, t: Translate, fmt: (minor: number) => string): MailDiscount[] {
  return orderDiscounts(record.order).map((d) => ({
    label: d.code ? t("cart.summary.discountWithCode", { label: d.label, code: d.code }) : d.label,
    amount: fmt(d.amount),
  }));
}

/** What an order's gift cards paid as its mails print it ("Gift card ••••ABCD", then what was left to pay); none without cards. */
function mailGiftCards(record: OrderRecord, t: Translate, fmt: (minor: number) => string): MailGiftCards | undefined {
  const cards = orderGiftCards(record.order);
  if (cards.length === 0) return undefined;
  return {
    cards: cards.map((c) => ({ label: t("mail.order.giftCard", { last4: c.last4 }), amount: fmt(c.amount) })),
    toPay: { label: t("mail.order.toPay"), value: fmt(orderSums(record.order).due) },
  };
}

export function createOrderMails(deps: OrderMailDeps) {
  const queue = createMailQueue(deps.logger, deps.mailer);
  const later = (task: () => Promise<void>, what: string, orderId: string) => queue.later(task, what, { orderId });

  /**
   * Whether the order's contact address is one its owner proved: the signed-in customer's own,
   * confirmed account address. Any other address (every guest's) is mailed within the mailer's
   * per-recipient limit, so typing a stranger's address into checkout cannot flood them.
   */
  async function verifiedRecipient(o: Pick<OrderRecord["order"], "user_id" | "contact_email">): Promise<boolean> {
    if (!o.user_id) return false;
    const account = await deps.accountEmail(o.user_id);
    return Boolean(account?.emailVerified && account.email.trim().toLowerCase() === o.contact_email.trim().toLowerCase());
  }

  /** The order's own page, in `language` (the default's address without): works without an account or a session. */
  const orderUrl = (orderId: string, language: Language = DEFAULT_LANGUAGE) =>
    `${deps.publicUrl}${pathInLanguage("/order-confirmation", language)}?order=${encodeURIComponent(orderId)}&token=${deps.tokens.tokenFor(orderId)}`;

  /**
   * The order confirmation, in the order's language: number, lines, totals with the tax per rate,
   * the business buyer's company and VAT number, address, payment method and the order's link.
   */
  function confirmationMail(record: OrderRecord, settings: SiteSettings): Mail {
    const o = record.order;
    const { t, fmt, language, locale } = orderMailWords(o, settings.locale);
    const sums = orderSums(o);
    const address = JSON.parse(o.address) as Record<string, string | null>;
    return orderConfirmationMail({
      to: o.contact_email,
      name: o.contact_name,
      siteName: settings.siteName,
      url: orderUrl(o.id, language),
      language,
      number: o.number,
      lines: record.lines.map((l) => ({ label: lineLabel(lineName(l, "customer"), l.color, l.size), quantity: l.quantity, total: fmt(l.line_total) })),
      totals: {
        subtotal: fmt(sums.itemsSubtotal),
        discount: sums.discount > 0 ? fmt(sums.discount) : null,
        shipping: fmt(sums.shipping),
        total: fmt(sums.total),
      },
      discounts: mailDiscounts(record, t, fmt),
      giftCards: mailGiftCards(record, t, fmt),
      taxes: mailTaxes(record, t, fmt, locale),
      business: { company: o.company, vatNumber: o.vat_number, reverseCharge: o.reverse_charge === 1 },
      address: [
        o.contact_name,
        address.line1,
        address.line2,
        [address.postalCode, address.city].filter(Boolean).join(" "),
        address.region,
        address.country && countryIn(address.country, language, locale),
      ].filter((v): v is string => Boolean(v)),
      paymentMethod: o.payment_method === "card" ? "card" : "cod",
      shippingMethod: o.shipping_method_name,
    });
  }

  /**
   * The shop's note of a new order, to the settings' contact address (else ADMIN_EMAIL), or null
   * when the settings' notifyNewOrders is off or there is nowhere to send it. The shop's own inbox
   * is not limited per recipient (the order limits bound it).
   */
  function shopNewOrderMail(record: OrderRecord, settings: SiteSettings): Mail | null {
    const to = settings.contactEmail || deps.adminEmail;
    if (!settings.notifyNewOrders || !to) return null;
    const o = record.order;
    const fmt = moneyIn(o.currency, settings.locale);
    const sums = orderSums(o);
    // The shop's own mails are English.
    const t = translatorFor(DEFAULT_LANGUAGE, settings.locale || "en-US");
    return newOrderShopMail({
      to,
      siteName: settings.siteName,
      url: `${deps.publicUrl}/admin-dashboard/orders/${encodeURIComponent(o.id)}`,
      number: o.number,
      customer: { name: o.contact_name, email: o.contact_email, phone: o.contact_phone },
      lines: record.lines.map((l) => ({ label: lineLabel(l.name, l.color, l.size), quantity: l.quantity, total: fmt(l.line_total) })),
      totals: { subtotal: fmt(sums.itemsSubtotal), shipping: fmt(sums.shipping), total: fmt(sums.total) },
      discounts: mailDiscounts(record, t, fmt),
      giftCards: mailGiftCards(record, t, fmt),
      taxes: mailTaxes(record, t, fmt, settings.locale || "en-US"),
      business: { company: o.company, vatNumber: o.vat_number, reverseCharge: o.reverse_charge === 1 },
      paymentMethod: o.payment_method === "card" ? `${PAYMENT_METHOD_LABEL.card} (paid)` : PAYMENT_METHOD_LABEL.cod,
      shippingMethod: o.shipping_method_name,
      notes: o.notes,
    });
  }

  return {
    orderUrl,

    /** The limit the confirmation to this contact address counts against (unless its owner proved it): the order's admission counts it with its own. */
    confirmationLimit: (email: string) => deps.mailer.recipientLimit(email),

    /**
     * Whether the order's confirmation may go to its contact address (see `mailer.admit`): `counted`
     * is its count against the recipient's limit, taken with the order's admission. Asked before
     * the order's transaction, which then stores the mail with the order (`storeIn`).
     */
    async admitConfirmation(o: { user_id: string | null; contact_email: string }, counted?: RateDecision): Promise<boolean> {
      return deps.mailer.admit(o.contact_email, { verifiedRecipient: await verifiedRecipient(o), counted });
    },

    /**
     * In the order's transaction: stores its confirmation (number, lines, totals, address, payment
     * method and the order's link) when admitted, and the shop's new-order mail when asked, so
     * the mails are kept exactly when the order is.
     */
    async storeIn(executor: Executor, record: OrderRecord, settings: SiteSettings, mails: { confirmation: boolean; shop: boolean }): Promise<void> {
      if (mails.confirmation) await deps.mailer.enqueue(confirmationMail(record, settings), { fromName: settings.siteName, executor });
      const shop = mails.shop ? shopNewOrderMail(record, settings) : null;
      if (shop) await deps.mailer.enqueue(shop, { fromName: settings.siteName, executor });
    },

    /** Queues the mail that tells the customer, in the order's language, that their order moved to a new status. */
    statusChange(record: OrderRecord, to: OrderStatus): void {
      later(
        async () => {
          const settings = await deps.settings();
          const o = record.order;
          const language = orderLanguage(o);
          await deps.mailer.send(
            orderStatusMail({
              to: o.contact_email,
              name: o.contact_name,
              siteName: settings.siteName,
              url: orderUrl(o.id, language),
              language,
              number: o.number,
              status: to,
              courier: o.courier,
              trackingNumber: o.tracking_number,
              trackingUrl: to === "shipped" ? o.tracking_url : null,
              paymentStatus: o.payment_status,
            }),
            { fromName: settings.siteName, verifiedRecipient: await verifiedRecipient(o) },
          );
        },
        `order ${to}`,
        record.order.id,
      );
    },

    /**
     * Queues a mail about a return or a refund of the order (orders.returns.ts, orders.refunds.ts):
     * `build` gets the order's words (its language's translate function and money format) and
     * answers the subject, headline, paragraphs and rows.
     */
    afterSale(
      o: OrderRecord["order"],
      what: string,
      build: (words: OrderMailWords) => {
        subject: string;
        headline: string;
        lines: string[];
        table?: Array<{ label: string; value: string; strong?: boolean }>;
      },
    ): void {
      later(
        async () => {
          const settings = await deps.settings();
          const words = orderMailWords(o, settings.locale);
          const content = build(words);
          await deps.mailer.send(
            orderAfterSaleMail({
              to: o.contact_email,
              name: o.contact_name,
              siteName: settings.siteName,
              url: orderUrl(o.id, words.language),
              language: words.language,
              number: o.number,
              ...content,
            }),
            {
              fromName: settings.siteName,
              verifiedRecipient: await verifiedRecipient(o),
            },
          );
        },
        what,
        o.id,
      );
    },

    /** Queues the shop's note to the customer about their order (the note as written; the mail around it in the order's language). */
    message(record: OrderRecord, text: string): void {
      later(
        async () => {
          const settings = await deps.settings();
          const o = record.order;
          const language = orderLanguage(o);
          await deps.mailer.send(
            orderMessageMail({
              to: o.contact_email,
              name: o.contact_name,
              siteName: settings.siteName,
              url: orderUrl(o.id, language),
              language,
              number: o.number,
              text,
            }),
            {
              fromName: settings.siteName,
              verifiedRecipient: await verifiedRecipient(o),
            },
          );
        },
        "order message",
        record.order.id,
      );
    },

    /**
     * Queues the mail that tells the shop about a new order (to the settings' contact address, else
     * ADMIN_EMAIL), unless the settings' notifyNewOrders is off. Callers send it once per order: at
     * placement for cash on delivery (with the settings the checkout read), when the payment
     * arrives for a card order.
     */
    shopNewOrder(record: OrderRecord, known?: SiteSettings): void {
      later(
        async () => {
          const settings = known ?? (await deps.settings());
          const mail = shopNewOrderMail(record, settings);
          if (mail) await deps.mailer.enqueue(mail, { fromName: settings.siteName });
        },
        "new order (to the shop)",
        record.order.id,
      );
    },

    idle: () => queue.idle(),
  };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
