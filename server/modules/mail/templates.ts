import { DEFAULT_LANGUAGE, type Language } from "#common/i18n/languages";
import { translatorFor } from "#common/i18n/messages.server";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import type { OrderStatus } from "#common/orders/order-status";
import type { Mail } from "./mailer";

/** What every account mail needs: who it goes to, the shop's name, the link to act on and the language it is written in. */
export interface MailContext {
  to: string;
  siteName: string;
  /** The recipient's name, when we know it. */
  name?: string | null;
  url: string;
  /** The language of a mail to a shopper (the order's or the account's); English when not given. The shop's own mails are English. */
  language?: Language;
}

interface Content {
  subject: string;
  heading: string;
  lines: string[];
  action: string;
  footer: string;
  /** A second link (e.g. "reset your password") under the button. */
  secondary?: { label: string; url: string };
  /** Two-column rows (an order's lines and totals) shown after the lines; a row with `strong` is bold. */
  table?: Array<{ label: string; value: string; strong?: boolean }>;
  /** Products with their picture (an absolute address, or none), shown before the table. */
  items?: Array<{ name: string; detail: string; image: string | null }>;
  /** Paragraphs after the table. */
  after?: string[];
  /** A list of links after those paragraphs, under its heading (one per product of a review request). */
  links?: { heading: string; items: Array<{ label: string; url: string }> };
  /** Leave out "Hello <name>," (a text the sender wrote whole, such as a reply to a contact message). */
  noGreeting?: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function greeting(t: Translate, name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? t("mail.greeting", { name: first }) : t("mail.greetingNoName");
}

/** The translate function of a mail's language. */
const mailT = (ctx: MailContext): Translate => translatorFor(ctx.language ?? DEFAULT_LANGUAGE);

/** Renders one mail as plain text and as simple, client-safe HTML (inline styles, one button), in the mail's language. */
function render(ctx: MailContext, c: Content): Mail {
  const language = ctx.language ?? DEFAULT_LANGUAGE;
  const t = translatorFor(language);
  const hello = greeting(t, ctx.name);
  const text = [
    ...(c.noGreeting ? [] : [hello, ""]),
    ...c.lines,
    ...(c.items ? ["", ...c.items.map((i) => `${i.name}: ${i.detail}`)] : []),
    ...(c.table ? ["", ...c.table.map((r) => `${r.label}: ${r.value}`)] : []),
    ...(c.after ? ["", ...c.after] : []),
    ...(c.links ? ["", c.links.heading, ...c.links.items.map((l) => `- ${l.label}: ${l.url}`)] : []),
    "",
    `${c.action}: ${ctx.url}`,
    ...(c.secondary ? ["", `${c.secondary.label}: ${c.secondary.url}`] : []),
    "",
    c.footer,
    "",
    `— ${ctx.siteName}`,
  ].join("\n");
  const site = escapeHtml(ctx.siteName);
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c1917;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4;padding:32px 12px;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px;">
        <tr><td style="font-size:14px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#b45309;padding-bottom:16px;">${site}</td></tr>
        <tr><td style="font-size:22px;font-weight:700;line-height:1.3;padding-bottom:16px;">${escapeHtml(c.heading)}</td></tr>
        ${c.noGreeting ? "" : `<tr><td style="font-size:16px;line-height:1.6;padding-bottom:8px;">${escapeHtml(hello)}</td></tr>`}
        ${c.lines.map((l) => `<tr><td style="font-size:16px;line-height:1.6;padding-bottom:8px;">${escapeHtml(l)}</td></tr>`).join("\n        ")}
        ${c.items ? `<tr><td style="padding:8px 0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.4;">${c.items.map((i) => `<tr><td width="64" style="padding:6px 12px 6px 0;vertical-align:middle;">${i.image ? `<img src="${escapeHtml(i.image)}" width="56" height="56" alt="" style="display:block;width:56px;height:56px;object-fit:cover;border-radius:8px;background:#f5f5f4;">` : ""}</td><td style="padding:6px 0;vertical-align:middle;"><span style="font-weight:600;">${escapeHtml(i.name)}</span><br><span style="color:#57534e;">${escapeHtml(i.detail)}</span></td></tr>`).join("")}</table></td></tr>` : ""}
        ${c.table ? `<tr><td style="padding:8px 0 8px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.5;">${c.table.map((r) => `<tr><td style="padding:4px 12px 4px 0;border-bottom:1px solid #f5f5f4;${r.strong ? "font-weight:700;" : ""}">${escapeHtml(r.label)}</td><td align="right" style="padding:4px 0;border-bottom:1px solid #f5f5f4;white-space:nowrap;${r.strong ? "font-weight:700;" : ""}">${escapeHtml(r.value)}</td></tr>`).join("")}</table></td></tr>` : ""}
        ${(c.after ?? []).map((l) => `<tr><td style="font-size:15px;line-height:1.6;padding-bottom:8px;color:#44403c;">${escapeHtml(l)}</td></tr>`).join("\n        ")}
        ${c.links ? `<tr><td style="font-size:15px;line-height:1.6;padding:8px 0;">${escapeHtml(c.links.heading)}<ul style="margin:8px 0 0;padding-left:20px;">${c.links.items.map((l) => `<li style="padding-bottom:6px;"><a href="${escapeHtml(l.url)}" style="color:#b45309;">${escapeHtml(l.label)}</a></li>`).join("")}</ul></td></tr>` : ""}
        <tr><td style="padding:16px 0 24px;">
          <a href="${escapeHtml(ctx.url)}" style="display:inline-block;background:#1c1917;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 24px;border-radius:999px;">${escapeHtml(c.action)}</a>
        </td></tr>
        ${c.secondary ? `<tr><td style="font-size:14px;line-height:1.6;padding-bottom:16px;"><a href="${escapeHtml(c.secondary.url)}" style="color:#b45309;">${escapeHtml(c.secondary.label)}</a></td></tr>` : ""}
        <tr><td style="font-size:13px;line-height:1.6;color:#57534e;padding-bottom:8px;">${escapeHtml(t("mail.copyLink"))}<br><span style="word-break:break-all;">${escapeHtml(ctx.url)}</span></td></tr>
        <tr><td style="font-size:13px;line-height:1.6;color:#57534e;border-top:1px solid #e7e5e4;padding-top:16px;">${escapeHtml(c.footer)}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
  return { to: ctx.to, subject: c.subject, text, html };
}

/** The mail that confirms a new account's e-mail address (the link signs the customer in). */
export function verificationMail(ctx: MailContext): Mail {
  const t = mailT(ctx);
  const siteName = ctx.siteName;
  return render(ctx, {
    subject: t("mail.verify.subject", { siteName }),
    heading: t("mail.verify.heading"),
    lines: [t("mail.verify.body", { siteName })],
    action: t("mail.verify.action"),
    footer: t("mail.verify.footer"),
  });
}

/** The one-time sign-in link (valid for a few minutes). */
export function magicLinkMail(ctx: MailContext & { minutes: number }): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.magicLink.subject", { siteName: ctx.siteName }),
    heading: t("mail.magicLink.heading"),
    lines: [t("mail.magicLink.body", { siteName: ctx.siteName, minutes: ctx.minutes })],
    action: t("mail.signMeIn"),
    footer: t("mail.magicLink.footer"),
  });
}

/**
 * To an account's owner when someone failed its password repeatedly: that address is paused (the
 * owner's own devices are not), and a one-time sign-in link for the owner who simply forgot it.
 */
export function signInLockedMail(ctx: MailContext & { minutes: number; lockMinutes: number }): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.signInLocked.subject", { siteName: ctx.siteName }),
    heading: t("mail.signInLocked.heading"),
    lines: [t("mail.signInLocked.body", { siteName: ctx.siteName, lockMinutes: ctx.lockMinutes }), t("mail.signInLocked.link", { minutes: ctx.minutes })],
    action: t("mail.signMeIn"),
    footer: t("mail.signInLocked.footer"),
  });
}

/** The link to choose a new password (valid for one hour). */
export function resetPasswordMail(ctx: MailContext): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.reset.subject", { siteName: ctx.siteName }),
    heading: t("mail.reset.heading"),
    lines: [t("mail.reset.body")],
    action: t("mail.reset.action"),
    footer: t("mail.reset.footer"),
  });
}

/**
 * Sent instead of a confirmation when someone registers with an address that already has an
 * account, so the sign-up form answers the same for every address (no account enumeration).
 */
export function existingAccountMail(ctx: MailContext & { resetUrl: string }): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.existingAccount.subject", { siteName: ctx.siteName }),
    heading: t("mail.existingAccount.heading"),
    lines: [t("mail.existingAccount.body", { siteName: ctx.siteName })],
    action: t("mail.existingAccount.action"),
    secondary: { label: t("mail.existingAccount.reset"), url: ctx.resetUrl },
    footer: t("mail.existingAccount.footer"),
  });
}

/** An order's tax per rate, worded and formatted for its mail; `included`: the prices included it, so the rows follow the total. */
export interface MailTaxes {
  included: boolean;
  /** The VAT a reverse-charge buyer of tax-inclusive prices does not pay, taken off before the total; null for none. */
  notCharged: { label: string; value: string } | null;
  rows: Array<{ label: string; value: string }>;
}

/** A business buyer's company and VAT number, and whether the order is a reverse charge (no VAT charged). */
export interface MailBusiness {
  company: string | null;
  vatNumber: string | null;
  reverseCharge: boolean;
}

/** The totals' rows of an order mail: subtotal and shipping, the tax added to them (or included in the total, after it), the total. */
function totalRows(
  head: Array<{ label: string; value: string }>,
  total: { label: string; value: string },
  taxes: MailTaxes | undefined,
): NonNullable<Content["table"]> {
  const rows = taxes?.rows ?? [];
  const before = taxes?.notCharged ? [...head, taxes.notCharged] : head;
  return taxes?.included ? [...before, { ...total, strong: true }, ...rows] : [...before, ...rows, { ...total, strong: true }];
}

/** What a mail says of a business buyer: the company, the VAT number and the reverse charge, each a line. */
function businessLines(t: Translate, business: MailBusiness | undefined): string[] {
  if (!business) return [];
  return [
    ...(business.company ? [t("mail.order.company", { company: business.company })] : []),
    ...(business.vatNumber ? [t("mail.order.vatNumber", { number: business.vatNumber })] : []),
    ...(business.reverseCharge ? [t("cart.tax.reverseChargeNote")] : []),
  ];
}

/** A promotion's discount as an order mail prints it: "Spring sale (SPRING10)", "$3.00". */
export interface MailDiscount {
  label: string;
  amount: string;
}

/**
 * What gift cards paid for an order, as its mails print it after the total: a row per card
 * ("Gift card ••••ABCD", "$10.00", taken off) and what was left to pay.
 */
export interface MailGiftCards {
  cards: MailDiscount[];
  toPay: { label: string; value: string };
}

/** The gift cards' rows of an order mail's table, after its total; none without cards. */
const giftCardRows = (giftCards: MailGiftCards | undefined) =>
  giftCards?.cards.length ? [...giftCards.cards.map((c) => ({ label: c.label, value: `−${c.amount}` })), { ...giftCards.toPay, strong: true }] : [];

/** The promotions' rows of an order mail's table, each taken off ("−$3.00"). */
const discountRows = (discounts: readonly MailDiscount[] = []) => discounts.map((d) => ({ label: d.label, value: `−${d.amount}` }));

/** What an order mail shows of the order (money already formatted in the order's currency and the mail's locale). */
export interface OrderMailContext extends MailContext {
  number: string;
  /** Each line's total at its discounted price. */
  lines: Array<{ label: string; quantity: number; total: string }>;
  /** `subtotal`: what the lines add up to; `discount`: what the discounts took off the list prices (already in the lines), or null for none. */
  totals: { subtotal: string; discount: string | null; shipping: string; total: string };
  /** Each promotion's discount, named (with its code) and formatted: taken off below the shipping. */
  discounts?: MailDiscount[];
  /** What gift cards paid, after the total, and what was left to pay. */
  giftCards?: MailGiftCards;
  /** The tax per rate (none without a tax setup). */
  taxes?: MailTaxes;
  business?: MailBusiness;
  address: string[];
  paymentMethod: "cod" | "card";
  shippingMethod: string;
}

/** The order confirmation: number, lines, totals, delivery address, payment method and the order's link. */
export function orderConfirmationMail(ctx: OrderMailContext): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.order.subject", { siteName: ctx.siteName, number: ctx.number }),
    heading: t("mail.order.heading", { number: ctx.number }),
    lines: [t("mail.order.received")],
    // The lines at their discounted prices add up to the subtotal; the savings are said, never subtracted again.
    table: [
      ...totalRows(
        [
          ...ctx.lines.map((l) => ({ label: `${l.quantity} × ${l.label}`, value: l.total })),
          { label: t("mail.order.subtotal"), value: ctx.totals.subtotal },
          { label: t("mail.order.shipping", { method: ctx.shippingMethod }), value: ctx.totals.shipping },
          ...discountRows(ctx.discounts),
        ],
        { label: t("mail.order.total"), value: ctx.totals.total },
        ctx.taxes,
      ),
      ...giftCardRows(ctx.giftCards),
    ],
    after: [
      ...(ctx.totals.discount ? [t("mail.order.saved", { amount: ctx.totals.discount })] : []),
      ...businessLines(t, ctx.business),
      t("mail.order.deliveryTo", { address: ctx.address.join(", ") }),
      t("mail.order.payment", { method: ctx.paymentMethod === "card" ? t("mail.order.paymentCard") : t("mail.order.paymentCod") }),
    ],
    action: t("mail.viewOrder"),
    footer: t("mail.order.footer"),
  });
}

/** An order status's name in mails (the subject) and its headline (the heading), by literal catalog keys. */
const STATUS_TEXT: Record<OrderStatus, { label: MessageKey; headline: MessageKey }> = {
  pending: { label: "mail.orderStatus.pending", headline: "mail.orderStatus.pendingHeadline" },
  processing: { label: "mail.orderStatus.processing", headline: "mail.orderStatus.processingHeadline" },
  shipped: { label: "mail.orderStatus.shipped", headline: "mail.orderStatus.shippedHeadline" },
  delivered: { label: "mail.orderStatus.delivered", headline: "mail.orderStatus.deliveredHeadline" },
  completed: { label: "mail.orderStatus.completed", headline: "mail.orderStatus.completedHeadline" },
  cancelled: { label: "mail.orderStatus.cancelled", headline: "mail.orderStatus.cancelledHeadline" },
};

/**
 * Tells the customer their order moved on (processing, shipped with its courier and tracking
 * number, delivered, completed, cancelled with what happens to a card payment).
 */
export function orderStatusMail(
  ctx: MailContext & {
    number: string;
    status: OrderStatus;
    /** Shipped: the courier's name and the parcel's number, when known. */
    courier?: string | null;
    trackingNumber?: string | null;
    trackingUrl?: string | null;
    /** Cancelled: the card payment's status (paid: to be refunded; refunded: done). */
    paymentStatus?: string | null;
  },
): Mail {
  const t = mailT(ctx);
  const { number } = ctx;
  const status = t(STATUS_TEXT[ctx.status].label);
  let detail = t("mail.orderStatus.now", { number, status });
  if (ctx.status === "shipped") {
    const shipped = ctx.courier ? t("mail.orderStatus.shippedWith", { number, courier: ctx.courier }) : t("mail.orderStatus.shippedDetail", { number });
    detail = ctx.trackingNumber ? `${shipped} ${t("mail.orderStatus.trackingNumber", { trackingNumber: ctx.trackingNumber })}` : shipped;
  }
  if (ctx.status === "cancelled") {
    const payment =
      ctx.paymentStatus === "refunded" ? t("mail.orderStatus.cardRefunded") : ctx.paymentStatus === "paid" ? t("mail.orderStatus.cardToRefund") : null;
    detail = [t("mail.orderStatus.cancelledDetail", { number }), payment].filter(Boolean).join(" ");
  }
  return render(ctx, {
    subject: t("mail.orderStatus.subject", { siteName: ctx.siteName, number, status }),
    heading: t(STATUS_TEXT[ctx.status].headline),
    lines: [detail],
    action: t("mail.viewOrder"),
    ...(ctx.trackingUrl ? { secondary: { label: t("mail.orderStatus.track"), url: ctx.trackingUrl } } : {}),
    footer: t("mail.orderFooter"),
  });
}

/** The lines of a typed text as mail lines: one blank line kept between paragraphs, none at either end. */
function typedLines(text: string): string[] {
  const lines = text.split(/\r?\n/).map((l) => l.trimEnd());
  return lines
    .filter((l, i) => l !== "" || (i > 0 && lines[i - 1] !== ""))
    .join("\n")
    .trim()
    .split("\n");
}

/** Tells the shop's contact address about a new contact-form message; the mail's Reply-To is the sender. */
export function contactMessageMail(ctx: MailContext & { from: { name: string; email: string }; subject: string | null; message: string }): Mail {
  return {
    ...render(ctx, {
      subject: `New message from ${ctx.from.name}: ${ctx.subject || "(no subject)"}`,
      heading: `A new message from ${ctx.from.name}`,
      lines: [`${ctx.from.name} wrote through the contact form of ${ctx.siteName}:`],
      table: [
        { label: "From", value: ctx.from.name },
        { label: "E-mail", value: ctx.from.email },
        { label: "Subject", value: ctx.subject || "(none)" },
      ],
      after: [
        ...typedLines(ctx.message),
        "",
        `Answer ${ctx.from.name} by replying to this e-mail, or from the admin, where your reply is kept with the message.`,
      ],
      action: "Open the message",
      footer: `You receive this e-mail because it is the contact address in the settings of ${ctx.siteName}.`,
    }),
    replyTo: ctx.from.email,
  };
}

/** The shop's reply to a contact message, quoting it (`sentOn`: its date in the mail's locale); `replyTo` is the shop's contact address, if any. */
export function contactReplyMail(ctx: MailContext & { reply: string; subject: string | null; message: string; sentOn: string; replyTo?: string }): Mail {
  const t = mailT(ctx);
  const siteName = ctx.siteName;
  const mail = render(ctx, {
    subject: ctx.subject ? t("mail.contactReply.subject", { subject: ctx.subject }) : t("mail.contactReply.subjectNone", { siteName }),
    heading: ctx.subject ? t("mail.contactReply.subject", { subject: ctx.subject }) : t("mail.contactReply.headingNone", { siteName }),
    lines: typedLines(ctx.reply),
    after: [t("mail.contactReply.youWrote", { date: ctx.sentOn }), ...typedLines(ctx.message).map((l) => (l ? `> ${l}` : ">"))],
    noGreeting: true,
    action: t("mail.contactReply.action"),
    footer: t("mail.contactReply.footer", { siteName }),
  });
  return ctx.replyTo ? { ...mail, replyTo: ctx.replyTo } : mail;
}

/**
 * Tells the customer where their return or refund stands (return requested, approved, refused,
 * received; refund made), with the lines it is about and, for a refund, the amount and how it comes back.
 */
export function orderAfterSaleMail(
  ctx: MailContext & { number: string; subject: string; headline: string; lines: string[]; table?: Array<{ label: string; value: string; strong?: boolean }> },
): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.afterSale.subject", { siteName: ctx.siteName, number: ctx.number, subject: ctx.subject }),
    heading: ctx.headline,
    lines: ctx.lines,
    ...(ctx.table?.length ? { table: ctx.table } : {}),
    action: t("mail.viewOrder"),
    footer: t("mail.orderFooter"),
  });
}

/** The link that confirms deleting an account that has no password (social sign-in), valid one hour. */
export function deleteAccountMail(ctx: MailContext): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.deleteAccount.subject", { siteName: ctx.siteName }),
    heading: t("mail.deleteAccount.heading"),
    lines: [t("mail.deleteAccount.body"), t("mail.deleteAccount.validity")],
    action: t("mail.deleteAccount.action"),
    footer: t("mail.deleteAccount.footer"),
  });
}

/** A note the shop wrote to the customer about their order (the order desk's "note to the customer"). */
export function orderMessageMail(ctx: MailContext & { number: string; text: string }): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.orderMessage.subject", { siteName: ctx.siteName, number: ctx.number }),
    heading: t("mail.orderMessage.heading", { number: ctx.number }),
    lines: ctx.text
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean),
    action: t("mail.viewOrder"),
    footer: t("mail.orderFooter"),
  });
}

/** What the shop's own new-order mail shows (money already formatted in the order's currency). */
export interface NewOrderShopMailContext extends MailContext {
  number: string;
  customer: { name: string; email: string; phone: string };
  lines: Array<{ label: string; quantity: number; total: string }>;
  /** What the lines add up to, the shipping, and their sum. */
  totals: { subtotal: string; shipping: string; total: string };
  discounts?: MailDiscount[];
  giftCards?: MailGiftCards;
  /** The tax per rate (none without a tax setup). */
  taxes?: MailTaxes;
  business?: MailBusiness;
  paymentMethod: string;
  shippingMethod: string;
  /** The customer's note to the shop, if any. */
  notes: string | null;
}

/** Tells the shop's contact address about a new order (a card order once it is paid): number, customer, lines, total; the link opens it in the admin. */
export function newOrderShopMail(ctx: NewOrderShopMailContext): Mail {
  return render(ctx, {
    subject: `New order ${ctx.number}: ${ctx.totals.total} from ${ctx.customer.name}`,
    heading: `New order ${ctx.number}`,
    lines: [`${ctx.customer.name} placed order ${ctx.number} at ${ctx.siteName}.`],
    noGreeting: true,
    table: [
      ...totalRows(
        [
          ...ctx.lines.map((l) => ({ label: `${l.quantity} × ${l.label}`, value: l.total })),
          { label: "Subtotal", value: ctx.totals.subtotal },
          { label: "Shipping", value: ctx.totals.shipping },
          ...discountRows(ctx.discounts),
        ],
        { label: "Total", value: ctx.totals.total },
        ctx.taxes,
      ),
      ...giftCardRows(ctx.giftCards),
    ],
    after: [
      `Customer: ${ctx.customer.name}, ${ctx.customer.email}, ${ctx.customer.phone}`,
      ...businessLines(mailT(ctx), ctx.business),
      `Payment: ${ctx.paymentMethod}`,
      `Shipping method: ${ctx.shippingMethod}`,
      ...(ctx.notes ? [`Note from the customer: ${ctx.notes}`] : []),
    ],
    action: "Open the order",
    footer: `You receive this e-mail because it is the contact address in the settings of ${ctx.siteName}, and new orders are mailed there. Switch it off in Settings → Contact.`,
  });
}

/** One product or variant in the low-stock mail. */
export interface LowStockMailItem {
  /** The product's name, with its colour and size for a variant ("Linen Shirt (Blue, M)"). */
  label: string;
  stock: number;
}

/**
 * The shop's daily low-stock mail: the products and variants now at or under the threshold, the
 * fewest left first; `more` counts those left out of a long list.
 */
export function lowStockDigestMail(ctx: MailContext & { threshold: number; items: LowStockMailItem[]; more: number }): Mail {
  const count = ctx.items.length + ctx.more;
  return render(ctx, {
    subject: `Low stock at ${ctx.siteName}: ${count} ${count === 1 ? "product" : "products"} at ${ctx.threshold} or fewer`,
    heading: "Running low",
    lines: [`An order just brought stock to ${ctx.threshold} or fewer units. These products and variants are at or under it now:`],
    noGreeting: true,
    table: ctx.items.map((i) => ({ label: i.label, value: i.stock === 0 ? "Sold out" : `${i.stock} left` })),
    ...(ctx.more > 0 ? { after: [`And ${ctx.more} more: the product list shows them all.`] } : {}),
    action: "See the products running low",
    footer: `You receive this e-mail at most once a day, at the contact address in the settings of ${ctx.siteName}. The threshold is in Settings → Catalogue.`,
  });
}

/** The shop's mail when a webhook endpoint that kept failing has been switched off: which, since when, and where to turn it on again. */
export function webhookDisabledMail(ctx: MailContext & { endpointUrl: string; failingSince: string; reason: string }): Mail {
  return render(ctx, {
    subject: `${ctx.siteName}: a webhook endpoint was switched off`,
    heading: "A webhook endpoint was switched off",
    lines: [
      `The shop stopped sending events to ${ctx.endpointUrl}: ${ctx.reason}`,
      `It has failed since ${ctx.failingSince}. Events that happen while it is off are not sent to it.`,
      "Once the receiving end answers again, switch the endpoint back on in the admin area; a test ping tells you whether it answers.",
    ],
    noGreeting: true,
    action: "Open the webhooks",
    footer: `You receive this e-mail at the contact address in the settings of ${ctx.siteName}.`,
  });
}

/** What the recipient's gift-card mail shows (money and date already formatted in the mail's language). */
export interface GiftCardMailContext extends MailContext {
  /** The whole code, grouped in fours: the only place besides the issuing answer it is ever shown. */
  code: string;
  amount: string;
  /** The last day it can be spent, or null when it never expires. */
  validUntil: string | null;
  /** Who gives it, when a shopper bought it for someone. */
  from?: string | null;
  /** The giver's or the shop's words to the recipient. */
  note: string | null;
}

/** The recipient's gift card: its code, amount, last day and the giver's note, and the link to the shop where it is spent at checkout. */
export function giftCardMail(ctx: GiftCardMailContext): Mail {
  const t = mailT(ctx);
  const siteName = ctx.siteName;
  return render(ctx, {
    subject: ctx.from ? t("mail.giftCard.subjectFrom", { from: ctx.from, siteName }) : t("mail.giftCard.subject", { siteName }),
    heading: t("mail.giftCard.heading", { amount: ctx.amount }),
    lines: [
      ctx.from ? t("mail.giftCard.bodyFrom", { from: ctx.from, siteName, amount: ctx.amount }) : t("mail.giftCard.body", { siteName, amount: ctx.amount }),
    ],
    table: [
      { label: t("mail.giftCard.code"), value: ctx.code, strong: true },
      { label: t("mail.giftCard.amount"), value: ctx.amount },
      { label: t("mail.giftCard.validUntil"), value: ctx.validUntil ?? t("mail.giftCard.noExpiry") },
    ],
    after: [...(ctx.note ? [t("mail.giftCard.note"), ...typedLines(ctx.note)] : []), t("mail.giftCard.howTo")],
    action: t("mail.giftCard.action", { siteName }),
    footer: t("mail.giftCard.footer"),
  });
}

// Shoppers' alerts (server/modules/alerts): back-in-stock confirmation and notice, price drop.

/** The headers that let a mail client offer "Unsubscribe" and do it with one POST (RFC 8058). */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** To a guest who asked for a back-in-stock alert: the link confirms the address (nothing is sent without it). */
export function stockAlertConfirmMail(ctx: MailContext & { product: string }): Mail {
  const t = mailT(ctx);
  return render(ctx, {
    subject: t("mail.alerts.confirm.subject", { product: ctx.product }),
    heading: t("mail.alerts.confirm.heading"),
    lines: [t("mail.alerts.confirm.body", { siteName: ctx.siteName, product: ctx.product })],
    action: t("mail.alerts.confirm.action"),
    footer: t("mail.alerts.confirm.footer"),
  });
}

/** The product (colour and size) a subscriber waited for is back: its page, its price in their currency, and the link that forgets the alert. */
export function backInStockMail(ctx: MailContext & { product: string; price: string; unsubscribeUrl: string; oneClickUrl: string }): Mail {
  const t = mailT(ctx);
  const mail = render(ctx, {
    subject: t("mail.alerts.back.subject", { product: ctx.product }),
    heading: t("mail.alerts.back.heading"),
    lines: [t("mail.alerts.back.body", { product: ctx.product, price: ctx.price })],
    action: t("mail.alerts.view"),
    footer: t("mail.alerts.back.footer"),
    secondary: { label: t("mail.alerts.unsubscribe"), url: ctx.unsubscribeUrl },
  });
  return { ...mail, headers: unsubscribeHeaders(ctx.oneClickUrl) };
}

/** A wished product's listed price fell: before and now in the customer's currency, and the link that switches these mails off. */
export function priceDropMail(ctx: MailContext & { product: string; price: string; before: string; unsubscribeUrl: string; oneClickUrl: string }): Mail {
  const t = mailT(ctx);
  const mail = render(ctx, {
    subject: t("mail.alerts.drop.subject", { product: ctx.product, price: ctx.price }),
    heading: t("mail.alerts.drop.heading"),
    lines: [t("mail.alerts.drop.body", { product: ctx.product, price: ctx.price, before: ctx.before })],
    action: t("mail.alerts.view"),
    footer: t("mail.alerts.drop.footer"),
    secondary: { label: t("mail.alerts.unsubscribe"), url: ctx.unsubscribeUrl },
  });
  return { ...mail, headers: unsubscribeHeaders(ctx.oneClickUrl) };
}
/** What a cart reminder shows: the cart's lines priced now, in the customer's language and currency. */
export interface CartReminderMailContext extends MailContext {
  /** 1 for the first reminder, 2 for the second. */
  sequence: number;
  lines: Array<{ name: string; quantity: number; price: string; image: string | null }>;
  subtotal: string;
  /** The link that stops the reminders. */
  stopUrl: string;
}

/** Reminds a customer who agreed to it of the cart they left: its lines, a link that brings it back on any device, and one that stops the reminders. */
export function cartReminderMail(ctx: CartReminderMailContext): Mail {
  const t = mailT(ctx);
  const siteName = ctx.siteName;
  return render(ctx, {
    subject: t(ctx.sequence > 1 ? "mail.cartReminder.subjectSecond" : "mail.cartReminder.subject", { siteName }),
    heading: t("mail.cartReminder.heading"),
    lines: [t("mail.cartReminder.body")],
    items: ctx.lines.map((l) => ({ name: l.name, detail: t("mail.cartReminder.line", { quantity: l.quantity, price: l.price }), image: l.image })),
    table: [{ label: t("mail.cartReminder.subtotal"), value: ctx.subtotal, strong: true }],
    action: t("mail.cartReminder.action"),
    secondary: { label: t("mail.cartReminder.stop"), url: ctx.stopUrl },
    footer: t("mail.cartReminder.footer"),
  });
}

export interface ReviewRequestMailContext extends MailContext {
  /** The order's number. */
  number: string;
  /** Each product received, by its name in the mail's language, with its review link; `url` is the first one's. */
  products: Array<{ name: string; url: string }>;
  /** Days the links work. */
  days: number;
  /** The page that stops review requests to this address, and its one-click unsubscribe. */
  stopUrl: string;
  oneClickUrl: string;
}

/** Asks a buyer, some days after delivery, to review what they received: a button for the first product and a link for each when there are several. */
export function reviewRequestMail(ctx: ReviewRequestMailContext): Mail {
  const t = mailT(ctx);
  const mail = render(ctx, {
    subject: t("mail.reviewRequest.subject", { siteName: ctx.siteName }),
    heading: t("mail.reviewRequest.heading"),
    lines: [t("mail.reviewRequest.body", { number: ctx.number })],
    links: ctx.products.length > 1 ? { heading: t("mail.reviewRequest.each"), items: ctx.products.map((p) => ({ label: p.name, url: p.url })) } : undefined,
    action: t("mail.reviewRequest.action"),
    footer: t("mail.reviewRequest.footer", { days: ctx.days }),
    secondary: { label: t("mail.reviewRequest.stop"), url: ctx.stopUrl },
  });
  return { ...mail, headers: unsubscribeHeaders(ctx.oneClickUrl) };
}
