import { describe, expect, it } from "vitest";
import { isReverseCharge, normalizeVatNumber, vatNumberCountry } from "./vat-number";

describe("EU VAT numbers", () => {
  it("accepts each member state's own format, written with spaces, dots or dashes", () => {
    expect(vatNumberCountry("DE 123 456 789")).toBe("DE");
    expect(vatNumberCountry("fr12345678901")).toBe("FR");
    expect(vatNumberCountry("NL123456789B01")).toBe("NL");
    expect(vatNumberCountry("ATU12345678")).toBe("AT");
    expect(vatNumberCountry("EL123456789")).toBe("GR");
    expect(vatNumberCountry("ESX1234567X")).toBe("ES");
    expect(vatNumberCountry("IE1234567WA")).toBe("IE");
    expect(normalizeVatNumber("be 0123.456.789")).toBe("BE0123456789");
  });

  it("refuses numbers of the wrong length or shape, unknown prefixes and Greece's ISO code", () => {
    for (const bad of ["DE12345678", "DE1234567890", "NL123456789", "AT12345678", "GR123456789", "US123456789", "123456789", "", "XX"]) {
      expect(vatNumberCountry(bad), bad).toBeNull();
    }
  });

  it("is a reverse charge only for a number of another member state, from a shop in the EU", () => {
    expect(isReverseCharge("FR12345678901", "DE")).toBe(true);
    expect(isReverseCharge("DE123456789", "DE")).toBe(false);
    expect(isReverseCharge("FR12345678901", "US")).toBe(false);
    expect(isReverseCharge("not a number", "DE")).toBe(false);
    expect(isReverseCharge(null, "DE")).toBe(false);
  });
});
