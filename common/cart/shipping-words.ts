import type { Translate } from "../i18n/translate";

// How the shop words free shipping, apart from shipping.ts so that the home page's promise ("Free
// shipping on orders of $75.00 or more") does not load the whole shipping rule.

/**
 * When shipping is free, in the words every page uses: "on orders of $75.00 or more" (the threshold
 * counts, as the checkout does). With a page's `t` in its language; without, in English.
 */
export function freeShippingCondition(formattedThreshold: string, t?: Translate): string {
  return t ? t("cart.shipping.freeCondition", { amount: formattedThreshold }) : `on orders of ${formattedThreshold} or more`;
}
