import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "#common/content/content.schema";
import { loader } from "./root";
import type { Route } from "./+types/root";

const settings = siteSettingsSchema.parse({ siteName: "Corner & Co" });
const services = {
  content: { getSettings: async () => settings, getPixel: async () => null },
  catalog: { listCategories: async () => [] },
  env: { PUBLIC_URL: "https://shop.example" },
  payments: { cardPayments: false },
  storage: { publicBase: "/uploads" },
};
const load = (path: string) =>
  loader({ request: new Request(`https://shop.example${path}`), context: { services, user: null } } as unknown as Route.LoaderArgs);

describe("the root loader", () => {
  it("names every storefront page in the request's language, for the pages' titles", async () => {
    const { pageNames, defaultDescription } = await load("/fr/wishlist");
    expect(pageNames).toMatchObject({
      "/": "Accueil",
      "/wishlist": "Liste d’envies",
      "/shopping-cart": "Panier",
      "/checkout": "Commande",
      "/login": "Connexion",
      "/my-orders": "Mes commandes",
      "/product-category": "Tous les produits",
    });
    expect(defaultDescription).toBe("Achetez en ligne chez Corner & Co.");
  });

  it("sends no page names to English pages, whose titles follow the spec's rule", async () => {
    const { pageNames, defaultDescription } = await load("/wishlist");
    expect(pageNames).toEqual({});
    expect(defaultDescription).toBe("Shop online at Corner & Co.");
  });
});
