import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "#common/i18n/languages";
import { DEMO_PROMOTIONS } from "../../server/seed/content-data";
import { seedDemo } from "../../server/seed/seed";
import { browserWithCart } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// The demo shop's promotions as a visitor meets them: the welcome code works where the cart reaches
// its minimum, the toy offer applies by itself from the third toy, and the first home banner names
// both in every language the shop speaks.

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  await seedDemo(shop.db, { storage: shop.services.storage, writeImages: false, pastOrders: false });
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
});

type Listed = { _id: string; slug: string; finalPrice: number; inStock: boolean };
type Detail = Listed & {
  stock: number;
  listedVariantId: string | null;
  variants: Array<{ id: string; color: string | null; size: string | null; finalPrice: number; stock: number }>;
};
type Item = { productId: string; color?: string; size?: string; finalPrice: number };
type Cart = {
  totals: { itemsSubtotal: number; discountTotal: number };
  discounts: Array<{ code?: string; label: string; amount: number }>;
};

/** The products of a listing that can be put in a cart, each as one of its listed variant (where it has variants), with what it costs. */
async function buyable(path: string): Promise<Item[]> {
  const items: Item[] = [];
  for (const p of (await (await shop.request(path)).json()) as Listed[]) {
    const body = (await (await shop.request(`/api/products/${p.slug}`)).json()) as { data?: Detail } & Partial<Detail>;
    const detail = (body.data ?? body) as Detail;
    const variant = detail.variants.find((v) => v.id === detail.listedVariantId && v.stock > 0) ?? detail.variants.find((v) => v.stock > 0);
    if (detail.variants.length === 0 && detail.stock > 0) items.push({ productId: p._id, finalPrice: detail.finalPrice });
    else if (variant) items.push({ productId: p._id, color: variant.color ?? undefined, size: variant.size ?? undefined, finalPrice: variant.finalPrice });
  }
  return items;
}
const item = ({ finalPrice: _, ...line }: Item) => line;
const cartAnswer = async (res: Response) => ((await res.json()) as { data: Cart }).data;
const { code, automatic } = DEMO_PROMOTIONS;

describe("the demo shop's promotions", () => {
  it("takes the welcome code's percent off a cart at its minimum, and says how much is missing below it", async () => {
    const books = (await buyable("/api/products/category/books")).sort((a, b) => a.finalPrice - b.finalPrice);
    const cheap = books[0]!;
    expect(cheap.finalPrice).toBeLessThan(code.minSubtotal);
    const small = await browserWithCart(shop, [item(cheap)]);
    const refused = await small.post("/api/cart/discount-codes", { code: code.code.toLowerCase() });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^Add \$\d+\.\d\d more/);

    const dear = (await buyable("/api/products/category/electronics")).find((p) => p.finalPrice >= code.minSubtotal)!;
    const big = await browserWithCart(shop, [item(dear)]);
    const cart = await cartAnswer(await big.post("/api/cart/discount-codes", { code: code.code }));
    const expected = Math.round(cart.totals.itemsSubtotal * code.value) / 100;
    expect(cart.discounts).toEqual([{ code: code.code, label: code.name, amount: expected }]);
    expect(cart.totals.discountTotal).toBe(expected);
  });

  it("gives the toy offer by itself on a third toy, and nothing on two", async () => {
    const toys = (await buyable(`/api/products/category/${automatic.categorySlugs[0]}`)).slice(0, automatic.buyQuantity + automatic.getQuantity);
    expect(toys).toHaveLength(3);
    const two = await browserWithCart(shop, toys.slice(0, automatic.buyQuantity).map(item));
    expect((await cartAnswer(await two.get("/api/cart"))).discounts).toEqual([]);

    const three = await browserWithCart(shop, toys.map(item));
    const cart = await cartAnswer(await three.get("/api/cart"));
    // The cheapest of the three at its percent off.
    const cheapest = Math.min(...toys.map((p) => Math.round(p.finalPrice * 100)));
    const off = Math.round((cheapest * automatic.getPercent) / 100) / 100;
    expect(cart.discounts).toEqual([{ label: automatic.name, amount: off }]);
  });

  it("names the code and the toy offer on the first home banner, in every language", async () => {
    const subtitles = new Set<string>();
    for (const language of LANGUAGES) {
      const res = await shop.request(`/api/banners?lang=${language}`);
      const [first, ...rest] = ((await res.json()) as { data: Array<{ title: string; subtitle: string; link: string }> }).data;
      expect(first!.link).toBe(`/product-category/${automatic.categorySlugs[0]}`);
      expect(first!.subtitle, language).toContain(code.code);
      const minimum = language === "en" ? `$${code.minSubtotal}` : `${code.minSubtotal} $`;
      for (const figure of [`${code.value}`, minimum, `${automatic.buyQuantity}`, `${automatic.getPercent}`]) {
        expect(first!.subtitle, `${language}: ${figure}`).toContain(figure);
      }
      expect(rest.length).toBeGreaterThan(0);
      subtitles.add(first!.subtitle);
    }
    // Each language its own words.
    expect(subtitles.size).toBe(LANGUAGES.length);
  });
});
