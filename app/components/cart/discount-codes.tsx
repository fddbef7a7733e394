import type { CartView } from "#modules/cart";
import { refusalText } from "#common/promotions/refusal-words";
import { useLanguage, useT } from "~/lib/i18n";
import { useShop } from "~/lib/shop";
import { CodeField, type CodeFieldKind, CodeForms } from "./code-field";

const INTENTS = { apply: "apply-code", remove: "remove-code" } as const;

/**
 * The discount code field of the cart panel, the cart page and the checkout (a CodeField): the
 * codes on the cart, each applied or with why it gives nothing now ("Add $5.00 more to use this
 * code"), with a remove button. Inside the checkout's form, `detached` names the forms its fields
 * belong to (DiscountCodeForms).
 */
export function DiscountCodes({ cart, returnTo, detached }: { cart: Pick<CartView, "codes" | "totals">; returnTo?: string; detached?: string }) {
  const t = useT();
  const { locale } = useLanguage();
  const { settings } = useShop();
  const wording = { currency: cart.totals.currency, locale, timeZone: settings.timeZone };
  const kind: CodeFieldKind = {
    label: t("cart.code.label"),
    applyText: t("cart.code.apply"),
    intents: INTENTS,
    removeField: "code",
    testId: "discount-code",
    applied: (code) => t("cart.code.applied", { code }),
    removed: (code) => t("cart.code.removed", { code }),
  };
  const entries = cart.codes.map((c) => ({
    key: c.code,
    text: c.applied || !c.refusal ? c.code : t("cart.code.notApplied", { code: c.code, reason: refusalText(t, c.refusal, wording) }),
    ok: c.applied,
    removeLabel: t("cart.code.remove", { code: c.code }),
  }));
  return <CodeField kind={kind} entries={entries} returnTo={returnTo} detached={detached} />;
}

/** The forms a detached DiscountCodes' fields belong to, rendered by the page outside its own form. */
export function DiscountCodeForms({ id, returnTo }: { id: string; returnTo: string }) {
  return <CodeForms id={id} returnTo={returnTo} intents={INTENTS} />;
}
