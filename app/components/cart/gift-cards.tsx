import type { CartView } from "#modules/cart";
import { giftCardRefusalText } from "#common/giftcards/gift-card-refusal";
import { useT } from "~/lib/i18n";
import { CodeField, type CodeFieldKind, CodeForms } from "./code-field";

const INTENTS = { apply: "apply-gift-card", remove: "remove-gift-card" } as const;

/**
 * The gift card field of the cart panel, the cart page and the checkout, beside the discount code
 * field (a CodeField): the cards on the cart by their last four characters, each with why it pays
 * nothing now where it does not, with a remove button. Inside the checkout's form, `detached`
 * names the forms its fields belong to (GiftCardForms).
 */
export function GiftCards({ cart, returnTo, detached }: { cart: Pick<CartView, "giftCards">; returnTo?: string; detached?: string }) {
  const t = useT();
  const kind: CodeFieldKind = {
    label: t("cart.giftCard.label"),
    applyText: t("cart.giftCard.apply"),
    intents: INTENTS,
    removeField: "last4",
    testId: "gift-card",
    applied: (last4) => t("cart.giftCard.applied", { last4 }),
    removed: (last4) => t("cart.giftCard.removed", { last4 }),
  };
  const entries = cart.giftCards.map((c) => ({
    key: c.last4,
    text: c.refusal
      ? t("cart.giftCard.paysNothing", { last4: c.last4, reason: giftCardRefusalText(t, c.refusal) })
      : t("cart.giftCard.row", { last4: c.last4 }),
    ok: !c.refusal,
    removeLabel: t("cart.giftCard.remove", { last4: c.last4 }),
  }));
  return <CodeField kind={kind} entries={entries} returnTo={returnTo} detached={detached} />;
}

/** The forms a detached GiftCards' fields belong to, rendered by the page outside its own form. */
export function GiftCardForms({ id, returnTo }: { id: string; returnTo: string }) {
  return <CodeForms id={id} returnTo={returnTo} intents={INTENTS} />;
}
