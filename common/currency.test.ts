import { describe, expect, it } from "vitest";
import { type Market, type MarketSettings, convertAmount, convertPrice, currencyForLanguage, marketOf, priceInMarket, toBaseAmount } from "./currency";

const eur = (rounding: Market["rounding"]): Market => ({ currency: "EUR", rate: 0.92, rounding, base: false, cashOnDelivery: true });
const settings: MarketSettings = {
  currency: "USD",
  cashOnDelivery: true,
  currencies: [
    { code: "EUR", rate: 0.92, rounding: "0.99", cashOnDelivery: true },
    { code: "GBP", rate: 0.79, rounding: "none", cashOnDelivery: false },
  ],
  languages: [{ code: "en" }, { code: "de" }, { code: "fr", currency: "GBP" }, { code: "es" }],
};

describe("prices in another currency", () => {
  it("round up to .99, .95, a whole unit, or to the cent", () => {
    // $24.00 × 0.92 = €22.08
    expect(convertPrice(2400, eur("none"))).toBe(2208);
    expect(convertPrice(2400, eur("0.99"))).toBe(2299);
    expect(convertPrice(2400, eur("0.95"))).toBe(2295);
    expect(convertPrice(2400, eur("0.00"))).toBe(2300);
    // Already on the mark: stays.
    expect(convertPrice(2499 / 0.92, eur("0.99"))).toBe(2499);
    // A free product stays free.
    expect(convertPrice(0, eur("0.99"))).toBe(0);
  });

  it("convert shipping and other amounts to the cent, without the price rounding", () => {
    expect(convertAmount(500, eur("0.99"))).toBe(460);
  });

  it("take a price list's price over the conversion, a variant's extra converted on top", () => {
    expect(priceInMarket(2400, 0, 1990, eur("0.99"))).toBe(1990);
    expect(priceInMarket(2400, 500, 1990, eur("0.99"))).toBe(1990 + 460);
    expect(priceInMarket(2400, 500, null, eur("0.99"))).toBe(2699);
  });

  it("come back to the base currency at the order's own rate", () => {
    expect(toBaseAmount(2208, 0.92)).toBe(2400);
  });
});

describe("markets", () => {
  it("are the base currency or an offered one, and nothing else", () => {
    expect(marketOf(settings, "usd")).toMatchObject({ currency: "USD", rate: 1, base: true });
    expect(marketOf(settings, "EUR")).toMatchObject({ currency: "EUR", rate: 0.92, rounding: "0.99", base: false });
    expect(marketOf(settings, "JPY")).toBeNull();
    expect(marketOf(settings, "")).toBeNull();
  });

  it("allow cash on delivery only where the owner allows the currency", () => {
    expect(marketOf(settings, "EUR")?.cashOnDelivery).toBe(true);
    expect(marketOf(settings, "GBP")?.cashOnDelivery).toBe(false);
    expect(marketOf({ ...settings, cashOnDelivery: false }, "EUR")?.cashOnDelivery).toBe(false);
  });

  it("open a language in its own currency, else its country's when offered, else the base one", () => {
    expect(currencyForLanguage(settings, "de")).toBe("EUR");
    expect(currencyForLanguage(settings, "fr")).toBe("GBP");
    expect(currencyForLanguage(settings, "en")).toBe("USD");
    expect(currencyForLanguage({ ...settings, currencies: [] }, "es")).toBe("USD");
  });
});
