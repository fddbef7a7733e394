import { describe, expect, it } from "vitest";
import type { Language } from "#common/i18n/languages";
import {
  contactReplyMail,
  deleteAccountMail,
  existingAccountMail,
  magicLinkMail,
  orderAfterSaleMail,
  orderConfirmationMail,
  orderMessageMail,
  orderStatusMail,
  resetPasswordMail,
  signInLockedMail,
  verificationMail,
} from "./templates";

const base = { to: "a@example.com", siteName: "Corner Store", name: "Ada Lovelace", url: "https://shop.example/x" };

/** Every mail a shopper gets, in one language. */
function shopperMails(language?: Language) {
  const ctx = { ...base, ...(language ? { language } : {}) };
  return {
    verification: verificationMail(ctx),
    magicLink: magicLinkMail({ ...ctx, minutes: 10 }),
    signInLocked: signInLockedMail({ ...ctx, minutes: 10, lockMinutes: 15 }),
    reset: resetPasswordMail(ctx),
    existing: existingAccountMail({ ...ctx, resetUrl: "https://shop.example/forgot-password" }),
    deleteAccount: deleteAccountMail(ctx),
    confirmation: orderConfirmationMail({
      ...ctx,
      number: "CS-1",
      lines: [{ label: "Mug", quantity: 2, total: "20,00 €" }],
      totals: { subtotal: "20,00 €", discount: "2,00 €", shipping: "4,99 €", total: "24,99 €" },
      address: ["Ada Lovelace", "1 Road"],
      paymentMethod: "cod",
      shippingMethod: "Standard",
    }),
    shipped: orderStatusMail({ ...ctx, number: "CS-1", status: "shipped", courier: "DHL", trackingNumber: "Z1", trackingUrl: "https://t.example/Z1" }),
    cancelled: orderStatusMail({ ...ctx, number: "CS-1", status: "cancelled", paymentStatus: "paid" }),
    afterSale: orderAfterSaleMail({ ...ctx, number: "CS-1", subject: "x", headline: "x", lines: ["x"] }),
    message: orderMessageMail({ ...ctx, number: "CS-1", text: "A note." }),
    reply: contactReplyMail({ ...ctx, reply: "Thanks.", subject: null, message: "Hi", sentOn: "1. Mai 2025" }),
  };
}

describe("the mails to shoppers", () => {
  const english = shopperMails();

  it("are English by default, as they always were", () => {
    expect(english.shipped.subject).toBe("Your Corner Store order CS-1: Shipped");
    expect(english.shipped.text).toContain("Your order CS-1 has shipped with DHL. Tracking number: Z1.");
    expect(english.cancelled.text).toContain("Your order CS-1 has been cancelled. Your card payment will be refunded.");
    expect(english.magicLink.text).toContain("expires in 10 minutes.");
    expect(english.reply.subject).toBe("Re: Your message to Corner Store");
    expect(english.verification.html).toContain('<html lang="en">');
  });

  for (const language of ["de", "fr", "es"] as const) {
    it(`are written wholly in ${language}: subject, greeting, body, button and footer`, () => {
      for (const [name, mail] of Object.entries(shopperMails(language))) {
        const theEnglish = english[name as keyof typeof english];
        if (name !== "afterSale") expect(mail.subject, name).not.toBe(theEnglish.subject);
        expect(mail.html, name).toContain(`<html lang="${language}">`);
        for (const englishOnly of ["Hello", "If the button does not work", "You receive this e-mail", "View your order", "Sign me in"])
          expect(mail.html, `${name}: ${englishOnly}`).not.toContain(englishOnly);
        // The first paragraph after the greeting: the shop's words, not the ones passed in.
        const firstParagraph = (text: string) => text.split(/\r?\n\r?\n/)[1];
        if (!["afterSale", "message", "reply"].includes(name)) expect(firstParagraph(mail.text), name).not.toBe(firstParagraph(theEnglish.text));
      }
    });
  }

  it("count minutes with each language's plural", () => {
    expect(magicLinkMail({ ...base, language: "de", minutes: 1 }).text).toContain("läuft in 1 Minute ab");
    expect(magicLinkMail({ ...base, language: "de", minutes: 10 }).text).toContain("läuft in 10 Minuten ab");
    expect(magicLinkMail({ ...base, language: "fr", minutes: 1 }).text).toContain("expire dans 1 minute.");
    expect(magicLinkMail({ ...base, language: "es", minutes: 10 }).text).toContain("caduca en 10 minutos.");
  });
});
