import { describe, expect, it } from "vitest";
import { toMajor } from "#common/money";
import { computeTotals } from "./cart.pricing";
import { type ShippingZone, productShippingEstimate, shippingAmountText, shippingEstimate, shippingNoteText } from "#common/cart/shipping";
import { chooseZoneFor, zoneCovers, zonesFor } from "#common/cart/shipping-zones";

const PORTLAND: ShippingZone = { id: "inside-city", name: "Inside the city", rate: 4.99, country: "US", regions: ["OR"], cities: ["Portland"] };
const OREGON: ShippingZone = { id: "oregon", name: "Oregon", rate: 6.99, country: "US", regions: ["OR"], cities: [] };
const US: ShippingZone = { id: "outside-city", name: "Standard shipping", rate: 9.99, country: "US", regions: [], cities: [] };
const settings = { currency: "USD", freeShippingThreshold: 75, shippingZones: [US, OREGON, PORTLAND] };
const money = (minor: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(toMajor(minor));

describe("which zones deliver to an address", () => {
  it("matches the country, then the region and city lists when a zone has them, without case or accents", () => {
    expect(zoneCovers(PORTLAND, { country: "US", region: "OR", city: "Portland" })).toBe(true);
    expect(zoneCovers(PORTLAND, { country: "US", region: "OR", city: "  portland " })).toBe(true);
    expect(zoneCovers(PORTLAND, { country: "US", region: "ME", city: "Portland" })).toBe(false);
    expect(zoneCovers(PORTLAND, { country: "US", region: "OR", city: "Salem" })).toBe(false);
    expect(zoneCovers(PORTLAND, { country: "US", region: null, city: "Portland" })).toBe(false);
    expect(zoneCovers(US, { country: "CA", region: "ON", city: "Toronto" })).toBe(false);
    expect(zoneCovers({ ...US, country: "CA", regions: ["QC"], cities: ["Montréal"] }, { country: "CA", region: "QC", city: "MONTREAL" })).toBe(true);
    // Addresses saved before codes: names are understood.
    expect(zoneCovers(PORTLAND, { country: "United States", region: "Oregon", city: "Portland" })).toBe(true);
  });

  it("offers every zone that covers the address, the most specific first", () => {
    const ids = (address: { country: string; region?: string; city?: string }) => zonesFor(settings.shippingZones, address).map((z) => z.id);
    expect(ids({ country: "US", region: "OR", city: "Portland" })).toEqual(["inside-city", "oregon", "outside-city"]);
    expect(ids({ country: "US", region: "OR", city: "Salem" })).toEqual(["oregon", "outside-city"]);
    expect(ids({ country: "US", region: "WA", city: "Seattle" })).toEqual(["outside-city"]);
    expect(ids({ country: "US" })).toEqual(["outside-city"]);
    expect(ids({ country: "FR", city: "Paris" })).toEqual([]);
  });

  it("takes the chosen zone only when it covers the address, the first offered when none is chosen, and says why not", () => {
    const portland = { country: "US", region: "OR", city: "Portland" };
    const seattle = { country: "US", region: "WA", city: "Seattle" };
    expect(chooseZoneFor(settings.shippingZones, portland, "outside-city", "United States")).toEqual({ ok: true, zone: US });
    expect(chooseZoneFor(settings.shippingZones, portland, undefined, "United States")).toEqual({ ok: true, zone: PORTLAND });
    expect(chooseZoneFor(settings.shippingZones, seattle, "inside-city", "United States")).toEqual({
      ok: false,
      field: "shippingMethod",
      message: "Inside the city does not deliver to this address. Please choose one of the shipping methods offered.",
    });
    expect(chooseZoneFor(settings.shippingZones, seattle, "moon", "United States")).toMatchObject({ ok: false, field: "shippingMethod" });
    expect(chooseZoneFor(settings.shippingZones, { country: "FR", city: "Paris" }, "outside-city", "France")).toEqual({
      ok: false,
      field: "address.country",
      message: "We don't ship to France yet.",
    });
  });
});

describe("what shipping costs and what the shopper is told", () => {
  it("a product page never says Free shipping for a product the checkout charges shipping for", () => {
    // The Cuddly Teddy Bear: $24.00, no shipping cost of its own, under the $75 threshold.
    const teddy = { finalPrice: 24, shippingCost: 0 };
    const estimate = productShippingEstimate(teddy, settings);
    expect(shippingNoteText(estimate, money)).toBe("Shipping from $4.99, free on orders of $75.00 or more");
    // What the cart says for one teddy, and what the checkout charges for each zone.
    const line = { price: 2400, finalPrice: 2400, shippingCost: 0, quantity: 1 };
    const cart = computeTotals([line], settings);
    expect(shippingAmountText({ from: cart.shipping, to: cart.shippingMax }, money)).toBe("from $4.99");
    const charged = settings.shippingZones.map((z) => computeTotals([line], settings, z.id).shipping);
    expect(Math.min(...charged)).toBe(estimate.from);
    expect(Math.max(...charged)).toBe(estimate.to);
  });

  it("says Free shipping when one unit already reaches the threshold, or when no zone charges anything", () => {
    expect(shippingNoteText(productShippingEstimate({ finalPrice: 80, shippingCost: 2 }, settings), money)).toBe("Free shipping");
    const freeZones = { freeShippingThreshold: 0, shippingZones: [{ ...US, rate: 0 }] };
    expect(shippingNoteText(productShippingEstimate({ finalPrice: 10, shippingCost: 0 }, freeZones), money)).toBe("Free shipping");
    // A product's own shipping cost is added to every zone's rate.
    expect(shippingNoteText(productShippingEstimate({ finalPrice: 10, shippingCost: 2 }, freeZones), money)).toBe("Shipping $2.00");
  });

  it("words one zone's price exactly and several as 'from'", () => {
    expect(shippingNoteText(productShippingEstimate({ finalPrice: 10, shippingCost: 1 }, { freeShippingThreshold: 0, shippingZones: [US] }), money)).toBe(
      "Shipping $10.99",
    );
    expect(shippingAmountText({ from: 499, to: 999 }, money)).toBe("from $4.99");
    expect(shippingAmountText({ from: 999, to: 999 }, money)).toBe("$9.99");
    expect(shippingAmountText({ from: 0, to: 0 }, money)).toBe("Free");
  });

  it("agrees with the checkout for any cart: the estimate spans exactly what the zones charge", () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let run = 0; run < 200; run++) {
      const lines = Array.from({ length: 1 + random(3) }, () => {
        const price = 100 + random(6000);
        return { price, finalPrice: price - random(price / 2), shippingCost: random(3) * 100, quantity: 1 + random(3) };
      });
      const estimate = shippingEstimate(lines, settings, settings.shippingZones);
      const charged = settings.shippingZones.map((z) => computeTotals(lines, settings, z.id).shipping);
      expect([estimate.from, estimate.to]).toEqual([Math.min(...charged), Math.max(...charged)]);
      const said = shippingAmountText(estimate, money);
      if (said === "Free") expect(charged.every((c) => c === 0)).toBe(true);
      else expect(charged.every((c) => c > 0)).toBe(true);
    }
  });
});
