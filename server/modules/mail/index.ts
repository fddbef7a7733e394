// The mail module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Sending mail (SMTP or the outbox in tests) and every mail's words.
export { createMailQueue } from "./mail-queue";
export { createMailer, type Mail, type Mailer } from "./mailer";
export {
  cartReminderMail,
  type CartReminderMailContext,
  contactMessageMail,
  contactReplyMail,
  deleteAccountMail,
  existingAccountMail,
  giftCardMail,
  type GiftCardMailContext,
  lowStockDigestMail,
  type LowStockMailItem,
  type MailDiscount,
  type MailGiftCards,
  type MailTaxes,
  magicLinkMail,
  newOrderShopMail,
  orderAfterSaleMail,
  orderConfirmationMail,
  orderMessageMail,
  orderStatusMail,
  resetPasswordMail,
  reviewRequestMail,
  type ReviewRequestMailContext,
  signInLockedMail,
  verificationMail,
  webhookDisabledMail,
} from "./templates";
export { backInStockMail, priceDropMail, stockAlertConfirmMail } from "./templates";
