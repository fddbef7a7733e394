import { describe, expect, it } from "vitest";
import { formatMoney } from "#common/money";
import { translatorFor } from "#common/i18n/messages.server";
import { type Offer, offerHeadline, offerText } from "./offer-words";

const none = { value: null, buyQuantity: null, getQuantity: null, getPercent: null, minSubtotal: null };
const dollars = (n: number) => formatMoney(n, "USD", "en-US");

describe("offerText", () => {
  it("says what each kind gives; at the start of a line (the admin's list) its first letter is upper case", () => {
    const t = translatorFor("en");
    const head = (o: Offer) => offerHeadline(t, o, dollars, "en");
    expect(head({ ...none, kind: "percentage", value: 20 })).toBe("20% off");
    expect(head({ ...none, kind: "percentage", value: 12.5 })).toBe("12.5% off");
    expect(head({ ...none, kind: "fixed_amount", value: 5 })).toBe("$5.00 off");
    expect(head({ ...none, kind: "free_shipping" })).toBe("Free shipping");
    expect(head({ ...none, kind: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, getPercent: 100 })).toBe("Buy 2, get 1 free");
    expect(head({ ...none, kind: "buy_x_get_y", buyQuantity: 3, getQuantity: 1, getPercent: 50 })).toBe("Buy 3, get 1 at 50% off");
    expect(head({ ...none, kind: "percentage", value: 10, minSubtotal: 50 })).toBe("10% off on orders of $50.00 or more");
  });

  it("words the same offer in the page's language, its numbers and money in the page's locale", () => {
    const offer: Offer = { ...none, kind: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, getPercent: 12.5, minSubtotal: 1000 };
    const euros = (locale: string) => (n: number) => formatMoney(n, "EUR", locale);
    expect(offerText(translatorFor("en"), offer, euros("en-US"))).toBe("buy 2, get 1 at 12.5% off on orders of €1,000.00 or more");
    expect(offerText(translatorFor("de"), offer, euros("de-DE"))).toBe(`kaufe 2, erhalte 1 mit 12,5 % Rabatt ab ${euros("de-DE")(1000)} Bestellwert`);
    expect(offerText(translatorFor("fr"), { ...offer, getPercent: null, minSubtotal: null }, euros("fr-FR"))).toBe("2 achetés, 1 offert");
    expect(offerText(translatorFor("es"), { ...none, kind: "free_shipping", minSubtotal: 60 }, euros("es-ES"))).toBe(
      `envío gratis en pedidos desde ${euros("es-ES")(60)}`,
    );
  });
});
