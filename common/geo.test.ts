import { describe, expect, it } from "vitest";
import { COUNTRIES, REGIONS, countryCode, countryName, countryOptions, regionCode, regionsOf } from "./geo";

describe("countries and regions", () => {
  it("lists the 249 ISO 3166-1 alpha-2 countries and nothing else", () => {
    expect(Object.keys(COUNTRIES)).toHaveLength(249);
    for (const code of ["US", "CA", "GB", "DE", "FR", "JP", "AU", "SS", "BQ"]) expect(COUNTRIES).toHaveProperty(code);
    // Reserved or withdrawn codes that Intl knows are not countries one ships to.
    for (const code of ["EU", "UN", "UK", "XK", "ZZ", "SU", "AN"]) expect(COUNTRIES).not.toHaveProperty(code);
  });

  it("reads a country by code or name, in any case, and refuses anything else", () => {
    expect(countryCode("us")).toBe("US");
    expect(countryCode("United States")).toBe("US");
    expect(countryCode("united states of america")).toBe("US");
    expect(countryCode(" Côte d’Ivoire ")).toBe("CI");
    expect(countryCode("Atlantis")).toBeNull();
    expect(countryCode("ZZ")).toBeNull();
    expect(countryName("US")).toBe("United States");
    expect(countryName("United Kingdom")).toBe("United Kingdom");
  });

  it("reads a region of a country with a list by code or name, accents aside, and only for that country", () => {
    expect(regionsOf("US")?.label).toBe("State");
    expect(Object.keys(REGIONS.US!.regions)).toHaveLength(51);
    expect(Object.keys(REGIONS.CA!.regions)).toHaveLength(13);
    expect(regionsOf("DE")).toBeNull();
    expect(regionCode("US", "or")).toBe("OR");
    expect(regionCode("US", "Oregon")).toBe("OR");
    expect(regionCode("CA", "Québec")).toBe("QC");
    expect(regionCode("US", "QC")).toBeNull();
    expect(regionCode("US", "Narnia")).toBeNull();
  });

  it("puts the shop's country first in the select, then the rest by name", () => {
    const options = countryOptions("US");
    expect(options[0]).toEqual({ code: "US", name: "United States" });
    expect(options).toHaveLength(249);
    expect(options.filter((o) => o.code === "US")).toHaveLength(1);
    const rest = options.slice(1).map((o) => o.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en")));
  });
});
