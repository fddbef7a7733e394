import type { SiteSettings } from "#common/content/content.schema";
import { DEFAULT_LANGUAGE, isLanguage } from "#common/i18n/languages";
import type { Executor } from "#modules/cart";
import type { GiftCardRecipient } from "#modules/orders";
import type { OrderFlowDeps } from "./order-flow-deps";

/**
 * In the caller's transaction (the one that made the order paid: a card payment's, a delivery of a
 * cash-on-delivery order, an order gift cards paid in full): issues the gift cards the order bought,
 * one per unit of each gift-card line at the unit price it paid, in the order's currency, each mailed
 * to the recipient named at checkout in the order's language, from the buyer, with their message.
 * Does nothing for an order not paid, cancelled, that bought none, or whose cards were issued: the
 * orders module's claim checks all that in one conditional update and lets one caller through, so a
 * repeated or racing move issues nothing more; only a claimed order is read.
 * `settings`: read before the transaction (SQLite's one connection is the transaction's).
 */
export async function issueBoughtGiftCards(
  deps: Pick<OrderFlowDeps, "orders" | "giftCards">,
  trx: Executor,
  orderId: string,
  settings: SiteSettings,
): Promise<void> {
  if (!(await deps.orders.claimGiftCardIssue(trx, orderId))) return;
  const record = await deps.orders.getRecord(orderId, trx);
  const o = record?.order;
  if (!record || !o?.gift_card_recipient) return;
  const lines = record.lines.filter((l) => l.gift_card === 1);
  const recipient = JSON.parse(o.gift_card_recipient) as GiftCardRecipient;
  const issued: Array<{ last4: string; amount: number }> = [];
  for (const line of lines) {
    for (let unit = 0; unit < line.quantity; unit++) {
      const { card } = await deps.giftCards.issue(trx, {
        amount: line.unit_final_price,
        currency: o.currency,
        expiresAt: null,
        recipientEmail: recipient.email,
        recipientName: recipient.name,
        fromName: o.contact_name,
        note: recipient.message,
        language: isLanguage(o.language) ? o.language : DEFAULT_LANGUAGE,
        sourceOrderId: o.id,
        actor: null,
        settings,
      });
      issued.push({ last4: card.last4, amount: line.unit_final_price });
    }
  }
  await deps.orders.recordIssuedGiftCards(trx, orderId, issued);
}
