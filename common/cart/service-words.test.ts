import { describe, expect, it } from "vitest";
import { translatorFor } from "../i18n/messages.server";
import { cartProblemText } from "./cart-problems";
import { serviceText } from "./service-words";
import { shippingAmountText, shippingNoteText } from "./shipping";
import { freeShippingCondition } from "./shipping-words";

const en = translatorFor("en");
const de = translatorFor("de");
const fr = translatorFor("fr");
const es = translatorFor("es");

describe("the services' messages with names and numbers, in the page's language", () => {
  it("says a cart line's problem again with its parts", () => {
    expect(cartProblemText(de, "Only 2 left of Linen Shirt (Blue, M) (you have 1 in your cart)", "de")).toBe(
      "Nur noch 2 Stück von Linen Shirt (Blue, M) verfügbar (du hast 1 im Warenkorb)",
    );
    expect(cartProblemText(es, "Linen Shirt (Red, M) is sold out", "es")).toBe("Linen Shirt (Red, M) está agotado");
    expect(cartProblemText(fr, "“Old Lamp” is no longer available and was removed from your cart.", "fr")).toBe(
      "« Old Lamp » n’est plus disponible et a été retiré de votre panier.",
    );
  });

  it("says the order limits' waits, countries and return windows the language's way", () => {
    expect(serviceText(es, "Too many orders from your network in a short time. Please try again in 5 minutes.", "es")).toBe(
      "Demasiados pedidos desde tu red en poco tiempo. Vuelve a intentarlo dentro de 5 minutos.",
    );
    expect(serviceText(de, "Please choose a province or territory of Canada from the list", "de")).toBe(
      "Bitte wähle eine Provinz oder ein Territorium aus der Liste für Kanada",
    );
    expect(serviceText(fr, "The return window of 30 days after delivery closed on 2026-03-01.", "fr")).toBe(
      "Le délai de retour de 30 jours après la livraison a pris fin le 1 mars 2026.",
    );
    expect(serviceText(de, "This order is shipped and can no longer be cancelled.", "de")).toBe(
      "Diese Bestellung ist bereits versandt und kann nicht mehr storniert werden.",
    );
  });

  it("leaves English as the services say it, and a text of no known shape alone", () => {
    expect(serviceText(en, "Quantity can be at most 999.", "en")).toBe("Quantity can be at most 999.");
    expect(serviceText(de, "Something else entirely", "de")).toBeNull();
  });
});

describe("the shipping words", () => {
  const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
  const estimates = [
    { from: 0, to: 0, threshold: 7500 },
    { from: 499, to: 499, threshold: 0 },
    { from: 499, to: 999, threshold: 7500 },
    { from: 0, to: 999, threshold: 7500 },
  ];

  it("read in English the same from the catalog as without a page", () => {
    for (const estimate of estimates) {
      expect(shippingNoteText(estimate, money, en)).toBe(shippingNoteText(estimate, money));
      expect(shippingAmountText(estimate, money, en)).toBe(shippingAmountText(estimate, money));
    }
    expect(freeShippingCondition("$75.00", en)).toBe(freeShippingCondition("$75.00"));
  });

  it("read in the page's language", () => {
    const euros = (minor: number) => `${(minor / 100).toFixed(2).replace(".", ",")} €`;
    expect(shippingNoteText({ from: 499, to: 999, threshold: 7500 }, euros, de)).toBe("Versand ab 4,99 €, kostenlos ab einem Bestellwert von 75,00 €");
    expect(shippingAmountText({ from: 499, to: 999 }, euros, fr)).toBe("à partir de 4,99 €");
    expect(shippingNoteText({ from: 0, to: 0, threshold: 0 }, euros, es)).toBe("Envío gratis");
  });
});
