import type { Mail } from "./mailer";

/** What every account mail needs: who it goes to, the shop's name and the link to act on. */
export interface MailContext {
  to: string;
  siteName: string;
  /** The recipient's name, when we know it. */
  name?: string | null;
  url: string;
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
  /** Paragraphs after the table. */
  after?: string[];
  /** Leave out "Hello <name>," (a text the sender wrote whole, such as a reply to a contact message). */
  noGreeting?: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function greeting(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello,";
}

/** Renders one mail as plain text and as simple, client-safe HTML (inline styles, one button). */
function render(ctx: MailContext, c: Content): Mail {
  const hello = greeting(ctx.name);
  const text = [
    ...(c.noGreeting ? [] : [hello, ""]),
    ...c.lines,
    ...(c.table ? ["", ...c.table.map((r) => `${r.label}: ${r.value}`)] : []),
    ...(c.after ? ["", ...c.after] : []),
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
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c1917;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4;padding:32px 12px;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px;">
        <tr><td style="font-size:14px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#b45309;padding-bottom:16px;">${site}</td></tr>
        <tr><td style="font-size:22px;font-weight:700;line-height:1.3;padding-bottom:16px;">${escapeHtml(c.heading)}</td></tr>
        ${c.noGreeting ? "" : `<tr><td style="font-size:16px;line-height:1.6;padding-bottom:8px;">${escapeHtml(hello)}</td></tr>`}
        ${c.lines.map((l) => `<tr><td style="font-size:16px;line-height:1.6;padding-bottom:8px;">${escapeHtml(l)}</td></tr>`).join("\n        ")}
        ${c.table ? `<tr><td style="padding:8px 0 8px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.5;">${c.table.map((r) => `<tr><td style="padding:4px 12px 4px 0;border-bottom:1px solid #f5f5f4;${r.strong ? "font-weight:700;" : ""}">${escapeHtml(r.label)}</td><td align="right" style="padding:4px 0;border-bottom:1px solid #f5f5f4;white-space:nowrap;${r.strong ? "font-weight:700;" : ""}">${escapeHtml(r.value)}</td></tr>`).join("")}</table></td></tr>` : ""}
        ${(c.after ?? []).map((l) => `<tr><td style="font-size:15px;line-height:1.6;padding-bottom:8px;color:#44403c;">${escapeHtml(l)}</td></tr>`).join("\n        ")}
        <tr><td style="padding:16px 0 24px;">
          <a href="${escapeHtml(ctx.url)}" style="display:inline-block;background:#1c1917;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 24px;border-radius:999px;">${escapeHtml(c.action)}</a>
        </td></tr>
        ${c.secondary ? `<tr><td style="font-size:14px;line-height:1.6;padding-bottom:16px;"><a href="${escapeHtml(c.secondary.url)}" style="color:#b45309;">${escapeHtml(c.secondary.label)}</a></td></tr>` : ""}
        <tr><td style="font-size:13px;line-height:1.6;color:#57534e;padding-bottom:8px;">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all;">${escapeHtml(ctx.url)}</span></td></tr>
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
  return render(ctx, {
    subject: `Confirm your e-mail address for ${ctx.siteName}`,
    heading: "Confirm your e-mail address",
    lines: [
      `Thank you for creating an account at ${ctx.siteName}. Please confirm that this address is yours: the link signs you in, and it is valid for one hour.`,
    ],
    action: "Confirm my e-mail address",
    footer: "If you did not create an account, you can ignore this e-mail: nothing happens without a click on the link.",
  });
}

/** The one-time sign-in link (valid for a few minutes). */
export function magicLinkMail(ctx: MailContext & { minutes: number }): Mail {
  return render(ctx, {
    subject: `Your sign-in link for ${ctx.siteName}`,
    heading: "Sign in with one click",
    lines: [`Here is the link you asked for. It signs you in to ${ctx.siteName}, works once, and expires in ${ctx.minutes} minutes.`],
    action: "Sign me in",
    footer: "If you did not ask for this link, you can ignore this e-mail: nobody can sign in without it.",
  });
}

/**
 * To an account's owner when someone failed its password repeatedly: that address is paused (the
 * owner's own devices are not), and a one-time sign-in link for the owner who simply forgot it.
 */
export function signInLockedMail(ctx: MailContext & { minutes: number; lockMinutes: number }): Mail {
  return render(ctx, {
    subject: `Failed sign-ins to your ${ctx.siteName} account`,
    heading: "Someone failed to sign in repeatedly",
    lines: [
      `Someone tried to sign in to your account at ${ctx.siteName} several times with a wrong password. For your security, we have paused password sign-in from their address for ${ctx.lockMinutes} minutes; you can still sign in from your own devices.`,
      `If it was you, this link signs you in without your password. It works once and expires in ${ctx.minutes} minutes.`,
    ],
    action: "Sign me in",
    footer:
      "If it was not you, your account is safe: nobody can sign in without your password or this link. A long password you use nowhere else keeps it that way.",
  });
}

/** The link to choose a new password (valid for one hour). */
export function resetPasswordMail(ctx: MailContext): Mail {
  return render(ctx, {
    subject: `Reset your ${ctx.siteName} password`,
    heading: "Choose a new password",
    lines: ["We received a request to reset the password of your account. The link is valid for one hour; after the change, every other device is signed out."],
    action: "Choose a new password",
    footer: "If you did not ask for a new password, you can ignore this e-mail: your password stays as it is.",
  });
}

/**
 * Sent instead of a confirmation when someone registers with an address that already has an
 * account, so the sign-up form answers the same for every address (no account enumeration).
 */
export function existingAccountMail(ctx: MailContext & { resetUrl: string }): Mail {
  return render(ctx, {
    subject: `You already have an account at ${ctx.siteName}`,
    heading: "You already have an account",
    lines: [`Someone (hopefully you) tried to create a new account at ${ctx.siteName} with this e-mail address. You already have one, so nothing was changed.`],
    action: "Sign in",
    secondary: { label: "Forgot your password? Choose a new one", url: ctx.resetUrl },
    footer: "If this was not you, you can ignore this e-mail: your account and password are unchanged.",
  });
}

/** What an order mail shows of the order (money already formatted in the shop's currency). */
export interface OrderMailContext extends MailContext {
  number: string;
  /** Each line's total at its discounted price. */
  lines: Array<{ label: string; quantity: number; total: string }>;
  /** `subtotal`: what the lines add up to; `discount`: what the discounts took off the list prices (already in the lines), or null for none. */
  totals: { subtotal: string; discount: string | null; shipping: string; total: string };
  address: string[];
  paymentMethod: string;
  shippingMethod: string;
}

/** The order confirmation: number, lines, totals, delivery address, payment method and the order's link. */
export function orderConfirmationMail(ctx: OrderMailContext): Mail {
  return render(ctx, {
    subject: `Your ${ctx.siteName} order ${ctx.number}`,
    heading: `Thank you for your order ${ctx.number}`,
    lines: [`We have received your order and will let you know as soon as it is on its way.`],
    // The lines at their discounted prices add up to the subtotal; the savings are said, never subtracted again.
    table: [
      ...ctx.lines.map((l) => ({ label: `${l.quantity} × ${l.label}`, value: l.total })),
      { label: "Subtotal", value: ctx.totals.subtotal },
      { label: `Shipping (${ctx.shippingMethod})`, value: ctx.totals.shipping },
      { label: "Total", value: ctx.totals.total, strong: true },
    ],
    after: [
      ...(ctx.totals.discount ? [`You saved ${ctx.totals.discount} on list prices: the prices above include it.`] : []),
      `Delivery to: ${ctx.address.join(", ")}`,
      `Payment: ${ctx.paymentMethod}`,
    ],
    action: "View your order",
    footer: "Keep this e-mail: its link shows your order and its status at any time, with or without an account.",
  });
}

/** Tells the customer their order moved on (processing, shipped with its tracking number, delivered, completed, cancelled). */
export function orderStatusMail(
  ctx: MailContext & { number: string; status: string; headline: string; detail: string | null; trackingUrl?: string | null },
): Mail {
  return render(ctx, {
    subject: `Your ${ctx.siteName} order ${ctx.number}: ${ctx.status}`,
    heading: ctx.headline,
    lines: [ctx.detail ?? `The status of your order ${ctx.number} is now: ${ctx.status}.`],
    action: "View your order",
    ...(ctx.trackingUrl ? { secondary: { label: "Track your parcel", url: ctx.trackingUrl } } : {}),
    footer: "You receive this e-mail because you placed an order at our shop.",
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

/** The shop's reply to a contact message, quoting it; `replyTo` is the shop's contact address, if any. */
export function contactReplyMail(ctx: MailContext & { reply: string; subject: string | null; message: string; sentOn: string; replyTo?: string }): Mail {
  const mail = render(ctx, {
    subject: `Re: ${ctx.subject || `Your message to ${ctx.siteName}`}`,
    heading: ctx.subject ? `Re: ${ctx.subject}` : `About your message to ${ctx.siteName}`,
    lines: typedLines(ctx.reply),
    after: [`You wrote on ${ctx.sentOn}:`, ...typedLines(ctx.message).map((l) => (l ? `> ${l}` : ">"))],
    noGreeting: true,
    action: "Write to us again",
    footer: `You receive this e-mail because you wrote to ${ctx.siteName} through its contact form.`,
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
  return render(ctx, {
    subject: `Your ${ctx.siteName} order ${ctx.number}: ${ctx.subject}`,
    heading: ctx.headline,
    lines: ctx.lines,
    ...(ctx.table?.length ? { table: ctx.table } : {}),
    action: "View your order",
    footer: "You receive this e-mail because you placed an order at our shop.",
  });
}

/** The link that confirms deleting an account that has no password (social sign-in), valid one hour. */
export function deleteAccountMail(ctx: MailContext): Mail {
  return render(ctx, {
    subject: `Confirm deleting your ${ctx.siteName} account`,
    heading: "Delete your account?",
    lines: [
      "You asked to delete your account. The link below asks you once more, then deletes your account, your address book, cart and wishlist for good. Your orders stay in our books without your name, e-mail, phone or address.",
      "The link is valid for one hour.",
    ],
    action: "Delete my account",
    footer: "If you did not ask for this, ignore this e-mail: nothing is deleted without a click on the link.",
  });
}

/** A note the shop wrote to the customer about their order (the order desk's "note to the customer"). */
export function orderMessageMail(ctx: MailContext & { number: string; text: string }): Mail {
  return render(ctx, {
    subject: `A message about your ${ctx.siteName} order ${ctx.number}`,
    heading: `About your order ${ctx.number}`,
    lines: ctx.text
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean),
    action: "View your order",
    footer: "You receive this e-mail because you placed an order at our shop.",
  });
}

/** What the shop's own new-order mail shows (money already formatted in the order's currency). */
export interface NewOrderShopMailContext extends MailContext {
  number: string;
  customer: { name: string; email: string; phone: string };
  lines: Array<{ label: string; quantity: number; total: string }>;
  /** What the lines add up to, the shipping, and their sum. */
  totals: { subtotal: string; shipping: string; total: string };
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
      ...ctx.lines.map((l) => ({ label: `${l.quantity} × ${l.label}`, value: l.total })),
      { label: "Subtotal", value: ctx.totals.subtotal },
      { label: "Shipping", value: ctx.totals.shipping },
      { label: "Total", value: ctx.totals.total, strong: true },
    ],
    after: [
      `Customer: ${ctx.customer.name}, ${ctx.customer.email}, ${ctx.customer.phone}`,
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
