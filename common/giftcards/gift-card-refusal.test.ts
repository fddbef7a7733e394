import { describe, expect, it } from "vitest";
import { translatorFor } from "../i18n/messages.server";
import { giftCardRefusalText } from "./gift-card-refusal";

describe("a gift card's refusal in words", () => {
  const below = { reason: "below_card_minimum", message: "cart.giftCard.belowCardMinimum" as const, due: { amount: 0.29, currency: "EUR" } };

  it("gives what is left to pay in the reader's money format", () => {
    expect(giftCardRefusalText(translatorFor("de"), below, "de-DE")).toMatch(/0,29\s€/);
    expect(giftCardRefusalText(translatorFor("fr"), below, "fr-FR")).toMatch(/0,29\s€/);
  });

  it("answers the API in English money", () => {
    expect(giftCardRefusalText(translatorFor("en"), below)).toContain("€0.29");
  });
});
