// The promotions module's public face: what the rest of the server may use of it. Every other file
// of this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The one computation of which promotions a cart gets and what each takes off.
export { normaliseCode, quotePromotions } from "./promotions.compute";
export { createPromotions } from "./promotions.service";
export type { AdminPromotion, PromotionsDeps, PromotionsService } from "./promotions.service";
export type {
  AppliedPromotion,
  PromotionCart,
  PromotionContext,
  PromotionKind,
  PromotionLine,
  PromotionQuote,
  PromotionRule,
  Refusal,
} from "./promotions.compute";
