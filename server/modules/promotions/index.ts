// The promotions module's public face: what the rest of the server may use of it. Every other file
// of this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The computation of what a cart gets is pure and shared with the admin's form:
// common/promotions/promotions.compute.ts.
export { createPromotions, promotionColumns } from "./promotions.service";
export type { AdminPromotion, PromotionFigures, PromotionsDeps, PromotionsService } from "./promotions.service";
