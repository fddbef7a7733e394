import type { TestShop } from "./test-shop";

// Products and waits for the shoppers' alerts tests (back in stock, price drops).

export const ALERT_ACTOR = { id: "test-setup", email: "test-setup@example.com", requestId: null };
export const ALERT_JOBS = ["alerts.back-in-stock", "alerts.price-drop", "mail.deliver"];
let made = 0;

/** A category of its own for one test's products. */
async function category(shop: TestShop) {
  made += 1;
  return shop.services.categoriesAdmin.createCategory(ALERT_ACTOR, { name: `Alerts ${made} ${Date.now().toString(36)}` });
}

/** A jacket in Blue and Red, size M: Blue sold out, Red with 5 units. */
export async function jacket(shop: TestShop, name = "Rain Jacket") {
  const c = await category(shop);
  return shop.services.catalogAdmin.createProduct(ALERT_ACTOR, {
    name: `${name} ${++made}`,
    categorySlug: c.slug,
    price: 80,
    image: [],
    colors: [
      { name: "Blue", hex: "#1d4ed8" },
      { name: "Red", hex: "#b91c1c" },
    ],
    sizes: ["M"],
    variants: [
      { color: "Blue", size: "M", additionalPrice: 0, stock: 0 },
      { color: "Red", size: "M", additionalPrice: 0, stock: 5 },
    ],
  });
}

/** A product without variants with `stock` units at `price`. */
export async function simpleProduct(shop: TestShop, name: string, stock: number, price = 50) {
  const c = await category(shop);
  return shop.services.catalogAdmin.createProduct(ALERT_ACTOR, { name: `${name} ${++made}`, categorySlug: c.slug, price, image: [], stock });
}

/** Sets the units of the jacket's Blue M as the admin's product form does. */
export async function setBlueStock(shop: TestShop, productId: string, stock: number) {
  const current = (await shop.services.catalogAdmin.getProduct(productId))!;
  return shop.services.catalogAdmin.updateProduct(ALERT_ACTOR, productId, {
    version: current.version,
    variants: current.variants.map((v) => ({ color: v.color, size: v.size, additionalPrice: v.additionalPrice, stock: v.color === "Blue" ? stock : v.stock })),
  });
}

/** Changes a product's price as the admin's form does. */
export async function setPrice(shop: TestShop, productId: string, price: number) {
  const current = (await shop.services.catalogAdmin.getProduct(productId))!;
  return shop.services.catalogAdmin.updateProduct(ALERT_ACTOR, productId, { version: current.version, price });
}

/** Waits until the alerts' jobs and the mails they stored have run. */
export async function settled(shop: TestShop) {
  await shop.services.jobs.settle(ALERT_JOBS);
  await shop.services.jobs.settle(ALERT_JOBS);
}

/** Exports the product as CSV, changes one column of its row (a simple row: no quoted fields) and imports it back, as an admin's spreadsheet round trip does. */
export async function csvRoundTrip(shop: TestShop, product: { name: string }, column: string, value: string) {
  const csv = await shop.services.catalogAdmin.exportCsv({ q: product.name } as never);
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  const at = header!.split(",").indexOf(column);
  const changed = rows.map((row) =>
    row
      .split(",")
      .map((cell, i) => (i === at ? value : cell))
      .join(","),
  );
  const report = await shop.services.catalogAdmin.importCsv(ALERT_ACTOR, [header, ...changed].join("\n"));
  return report;
}
