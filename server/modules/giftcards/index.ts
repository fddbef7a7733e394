// The gift cards module's public face: what the rest of the server may use of it. Every other file
// of this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Cards whose balance pays for orders: issued by staff or bought, spent and given back in an order's transaction.
export { BALANCE_MOVED, createGiftCards, giftCardStatus, hashGiftCardCode } from "./giftcards.service";
export type {
  AdminGiftCard,
  GiftCardLedgerEntry,
  GiftCardLookup,
  GiftCardOnCart,
  GiftCardRefusal,
  GiftCardsDeps,
  GiftCardsService,
  IssueInput,
} from "./giftcards.service";
