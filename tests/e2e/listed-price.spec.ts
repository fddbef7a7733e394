import { insertCatalog } from "../support/catalog-fixture";
import { AERO_PRO, ARGAN_SHAMPOO, LISTING_CATEGORIES, ORBIT_CASE } from "../support/listing-fixture";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { type OwnShop, startOwnShop } from "./support/own-shop";

// The storefront lists a product at what one can pay for it, opens its page there, shows
// the pictures of the colour chosen, and says "Sold out" without offering quantities.
let shop: OwnShop;

test.beforeAll(async () => {
  shop = await startOwnShop("listed-price", async (db) => {
    await insertCatalog(db, LISTING_CATEGORIES, [
      AERO_PRO,
      ORBIT_CASE,
      ARGAN_SHAMPOO,
      { name: "Gone Serum", price: 3000, category: "Beauty", stock: 0 },
      {
        name: "Linen Shirt",
        price: 4500,
        category: "Beauty",
        variants: [
          { color: "Red", size: "S", stock: 0 },
          { color: "Red", size: "M" },
          { color: "Blue", size: "S" },
          { color: "Blue", size: "M" },
        ],
      },
    ]);
  });
});
test.afterAll(() => shop?.stop());

const card = (page: import("@playwright/test").Page, name: string) =>
  page.getByTestId("product-card").filter({ has: page.getByRole("link", { name, exact: true }) });

test("cards show the price one can pay, 'From' where variants differ, one discount badge and 'Sold out'", async ({ page }) => {
  await page.goto(`${shop.base}/product-category`);
  await expect(card(page, "Aero Pro Smartphone").getByTestId("final-price")).toHaveText("From $1,059.99");
  await expect(card(page, "Orbit Case").getByTestId("final-price")).toHaveText(/^\D*\$29\.99$/);
  const shampoo = card(page, "Argan Shampoo");
  await expect(shampoo.getByTestId("final-price")).toHaveText(/\$16\.79$/);
  await expect(shampoo.getByText("-20%")).toHaveCount(1);
  await expect(card(page, "Gone Serum").getByText("Sold out")).toBeVisible();
  await expectAccessible(page);

  // The price filter uses the same price: $1,000–1,100 finds the phone.
  await page.goto(`${shop.base}/product-category?minPrice=1000&maxPrice=1100`);
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await expect(card(page, "Aero Pro Smartphone")).toBeVisible();
});

test("the product page opens on the cheapest variant in stock, with the offers' range for search engines", async ({ page }) => {
  await page.goto(`${shop.base}/products/aero-pro-smartphone`);
  await expect(page.getByTestId("product-price").getByTestId("final-price")).toHaveText(/\$1,059\.99$/);
  await expect(page.getByRole("radio", { name: /256 GB/ })).toBeChecked();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!)[0];
  expect(ld.offers).toMatchObject({
    "@type": "AggregateOffer",
    lowPrice: "1059.99",
    highPrice: "1159.99",
    offerCount: 2,
    availability: "https://schema.org/InStock",
  });
});

test("choosing a colour shows its pictures, and the cart line shows the colour bought", async ({ page }) => {
  await page.goto(`${shop.base}/products/orbit-case`);
  await waitForHydration(page);
  const gallery = page.getByTestId("gallery");
  await expect(gallery.getByRole("img", { name: "Orbit Case in Red", exact: true })).toHaveAttribute("src", /orbit-red/);
  await page.getByText("Blue", { exact: true }).click();
  await expect(gallery.getByRole("img", { name: "Orbit Case in Blue", exact: true })).toHaveAttribute("src", /orbit-blue\b/);
  await expect(gallery.getByRole("button", { name: /Show picture \d of 2/ })).toHaveCount(2);
  await expect(gallery.locator("img[src*='orbit-red']")).toHaveCount(0);

  await page.getByRole("button", { name: "Add to cart" }).click();
  const panel = page.getByRole("dialog");
  await expect(panel.getByTestId("cart-line")).toHaveCount(1);
  await expect(panel.getByTestId("cart-line").locator("img")).toHaveAttribute("src", /orbit-blue-320\.webp/);
});

test("a sold-out product offers no quantity to choose", async ({ page }) => {
  await page.goto(`${shop.base}/products/gone-serum`);
  await waitForHydration(page);
  await expect(page.getByTestId("stock-status")).toHaveText("Out of stock");
  for (const name of ["One less", "One more"]) await expect(page.getByRole("button", { name })).toBeDisabled();
  await expect(page.getByLabel("Quantity")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await expectAccessible(page);
});

test("sold-out combinations are crossed out with a note, and can be chosen to ask for an alert", async ({ page }) => {
  await page.goto(`${shop.base}/products/linen-shirt`);
  await waitForHydration(page);
  const sizes = page.getByRole("group", { name: /^Size/ });
  await page
    .getByRole("group", { name: /^Colour/ })
    .getByText("Red", { exact: true })
    .click();
  await expect(sizes.getByRole("radio", { name: /^M\b/ })).toBeChecked();
  await expect(sizes.getByText("Crossed-out sizes are not available in Red.")).toBeVisible();
  await sizes.getByText("S", { exact: true }).click();
  await expect(page.getByTestId("stock-status")).toHaveText("Out of stock");
  await expect(page.getByRole("heading", { name: "Tell me when it's back" })).toBeVisible();
  await page
    .getByRole("group", { name: /^Colour/ })
    .getByText("Blue", { exact: true })
    .click();
  await expect(sizes.getByRole("radio", { name: /^S\b/ })).toBeEnabled();
  await expect(sizes.getByText(/Crossed-out sizes/)).toHaveCount(0);
});
