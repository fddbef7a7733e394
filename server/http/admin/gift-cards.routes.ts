import { giftCardIssueSchema, giftCardPatchSchema } from "#common/giftcards/giftcards.schema";
import { type AdminRoute, actorOf, idParam, jsonBody } from "./admin-route";

/** Gift cards (permission orders), through services.giftCards (audited). */
export const GIFT_CARD_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/gift-cards",
    summary:
      "Every gift card, newest first: `last4` (never the code), `initialAmount` and `balance` in its `currency`, `status` (`active`, `disabled`, `expired`, `used up`), `expiresAt`, `recipientEmail`, `note`, `sourceOrderId`, `createdAt`.",
    async handler(c) {
      return c.json({ data: await c.var.services.giftCards.list() });
    },
  },
  {
    method: "POST",
    path: "/gift-cards",
    summary:
      "Issue a gift card: `amount` (major unit), `currency` (the base currency unless another the shop offers), `expiresAt` (a day, spendable through its end in the shop's time zone, or an instant), `recipientEmail` (mailed the code in `language`), `note`. 201 with the card and its whole `code`, shown in this answer only.",
    body: giftCardIssueSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.giftCards.create(actorOf(c), await jsonBody(c)) }, 201);
    },
  },
  {
    method: "GET",
    path: "/gift-cards/:id",
    summary: "One gift card with its `ledger`: every move of its balance (issue, redeem, refund, adjust, disable, enable), oldest first.",
    async handler(c) {
      return c.json({ data: await c.var.services.giftCards.get(idParam(c, "gift card id")) });
    },
  },
  {
    method: "PATCH",
    path: "/gift-cards/:id",
    summary: "Switch a gift card off (`active: false`: it can no longer pay) or on again; answers the card with its ledger.",
    body: giftCardPatchSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.giftCards.update(actorOf(c), idParam(c, "gift card id"), await jsonBody(c)) });
    },
  },
];
