import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "./content.schema";

describe("site settings: the shop's country and its shipping zones", () => {
  it("reads settings stored before zones named their coverage: each zone covers the whole of the shop's country", () => {
    const stored = { siteName: "Corner Store", shippingZones: [{ id: "standard", name: "Standard", rate: 5 }] };
    expect(siteSettingsSchema.parse(stored)).toMatchObject({
      country: "US",
      shippingZones: [{ id: "standard", name: "Standard", rate: 5, country: "US", regions: [], cities: [] }],
    });
    expect(siteSettingsSchema.parse({ ...stored, country: "ca" }).shippingZones[0]!.country).toBe("CA");
    expect(siteSettingsSchema.parse({}).shippingZones.every((z) => z.country === "US")).toBe(true);
  });

  it("keeps a zone's regions as the country's codes (names are understood) and its cities as written", () => {
    const settings = siteSettingsSchema.parse({
      shippingZones: [{ id: "portland", name: "Portland", rate: 4.99, country: "US", regions: ["Oregon"], cities: ["Portland"] }],
    });
    expect(settings.shippingZones[0]).toMatchObject({ country: "US", regions: ["OR"], cities: ["Portland"] });
    // A country without a list of regions takes them as written.
    expect(
      siteSettingsSchema.parse({ country: "DE", shippingZones: [{ id: "bavaria", name: "Bavaria", rate: 5, regions: ["Bayern"] }] }).shippingZones[0]!.regions,
    ).toEqual(["Bayern"]);
  });

  it("refuses an unknown country, a region not in the country's list and two zones with one id", () => {
    expect(siteSettingsSchema.safeParse({ country: "XX" }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ shippingZones: [{ id: "a", name: "A", rate: 1, country: "Atlantis" }] }).success).toBe(false);
    const region = siteSettingsSchema.safeParse({ shippingZones: [{ id: "a", name: "A", rate: 1, country: "US", regions: ["Narnia"] }] });
    expect(region.error?.issues[0]).toMatchObject({ path: ["shippingZones", 0, "regions", 0], message: "Narnia is not a region of US" });
    const twice = siteSettingsSchema.safeParse({
      shippingZones: [
        { id: "a", name: "A", rate: 1 },
        { id: "a", name: "B", rate: 2 },
      ],
    });
    expect(twice.error?.issues[0]?.path).toEqual(["shippingZones", 1, "id"]);
  });
});
