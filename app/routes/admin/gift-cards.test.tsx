import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LOCALES } from "#common/i18n/languages";
import { adminMessages } from "#common/i18n/messages.server";
import { createTranslate } from "#common/i18n/translate";
import { LanguageProvider, pageLanguage } from "~/lib/i18n";
import GiftCards from "./gift-cards";

type Props = Parameters<typeof GiftCards>[0];

/** The gift cards screen as the admin renders it, with this loader data. */
function render(loaderData: Props["loaderData"]) {
  const page = pageLanguage("en", LOCALES.en, "{}");
  const value = { ...page, t: createTranslate(page.locale, adminMessages()) as typeof page.t };
  const Stub = createRoutesStub([
    {
      path: "/admin-dashboard/gift-cards",
      Component: () => createElement(LanguageProvider, { value }, createElement(GiftCards, { loaderData, actionData: undefined } as unknown as Props)),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/admin-dashboard/gift-cards"] }));
}

const card = {
  id: "c1",
  last4: "WXYZ",
  currency: "EUR",
  initialAmount: 50,
  balance: 12.5,
  status: "active" as const,
  active: true,
  expiresAt: "2027-12-31T23:00:00.000Z",
  lastDay: "2027-12-31",
  recipientEmail: "robin@example.com",
  note: null,
  sourceOrderId: null,
  createdAt: "2026-11-29T10:00:00.000Z",
  updatedAt: "2026-11-29T10:00:00.000Z",
};

describe("the gift cards screen", () => {
  it("says there are no cards yet, and offers the issue form with the shop's currencies and languages", () => {
    const html = render({ cards: [], currencies: ["USD", "EUR"], languages: ["en", "de"] });
    expect(html).toContain('data-testid="gift-cards-empty"');
    expect(html).toContain("No gift cards yet");
    expect(html).toContain('name="amount"');
    expect(html).toContain('<option value="EUR">EUR</option>');
    expect(html).toContain(">Deutsch</option>");
    expect(html).not.toContain('data-testid="code-once"');
  });

  it("lists each card by the end of its code with its status, balance of the amount issued, last day and recipient", () => {
    const html = render({ cards: [card], currencies: ["USD"], languages: ["en"] });
    expect(html).not.toContain("No gift cards yet");
    expect(html).toContain('aria-label="Gift card ending in WXYZ"');
    expect(html).toContain("Active");
    expect(html).toContain("€12.50");
    expect(html).toContain("€50.00");
    expect(html).toContain("Dec 31, 2027");
    expect(html).toContain("robin@example.com");
    // One currency and one language: nothing to choose.
    expect(html).toContain('<input type="hidden" name="currency" value="USD"/>');
    expect(html).not.toContain('name="language"');
  });
});
