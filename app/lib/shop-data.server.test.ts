import { describe, expect, it, vi } from "vitest";
import { siteSettingsSchema } from "#common/content/content.schema";
import { loadShopData } from "./shop-data.server";

function services(overrides: { getSettings?: () => Promise<unknown>; getPixel?: () => Promise<unknown> } = {}) {
  return {
    content: {
      getSettings: overrides.getSettings ?? (async () => siteSettingsSchema.parse({ siteName: "Acme" })),
      getPixel: overrides.getPixel ?? (async () => ({ pixelId: "1", status: "active" })),
    },
    catalog: { listCategories: async () => [] },
    env: { PUBLIC_URL: "https://shop.example" },
    payments: { cardPayments: false },
    storage: { publicBase: "https://cdn.example.com" },
  } as never;
}

describe("root loader data", () => {
  it("passes settings, pixel and the public URL through", async () => {
    const data = await loadShopData(services());
    expect(data).toMatchObject({ settings: { siteName: "Acme" }, settingsError: false, pixel: { pixelId: "1" }, publicUrl: "https://shop.example" });
    expect(data.imageBase).toBe("https://cdn.example.com");
  });

  it("falls back to default settings and flags the failure when settings fail to load", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await loadShopData(services({ getSettings: async () => Promise.reject(new Error("db down")) }));
    expect(data.settingsError).toBe(true);
    expect(data.settings.siteName).toBe("Shop");
    spy.mockRestore();
  });

  it("keeps a failing pixel config as null (nothing shown)", async () => {
    const data = await loadShopData(services({ getPixel: async () => Promise.reject(new Error("nope")) }));
    expect(data.pixel).toBeNull();
  });
});
