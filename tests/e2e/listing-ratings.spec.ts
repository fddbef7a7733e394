import { insertCatalog } from "../support/catalog-fixture";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { type OwnShop, startOwnShop } from "./support/own-shop";

// The listing by customers' ratings: cards show the stars and the number of reviews, "Top rated"
// puts the best rated first, and "4 stars & up" leaves out the rest, with a chip to undo it.
let shop: OwnShop;

const RATED: Array<[string, number, number]> = [
  ["Calm Kettle", 47, 31],
  ["Bold Teapot", 38, 9],
  ["Quiet Mug", 45, 2],
];

test.beforeAll(async () => {
  shop = await startOwnShop("listing-ratings", async (db) => {
    const { productIds } = await insertCatalog(db, { Kitchen: [] }, [
      { name: "Calm Kettle", price: 4000, category: "Kitchen" },
      { name: "Bold Teapot", price: 3000, category: "Kitchen" },
      { name: "Quiet Mug", price: 1500, category: "Kitchen" },
      { name: "New Spoon", price: 500, category: "Kitchen" },
    ]);
    for (const [name, tenths, count] of RATED) {
      await db.kysely.updateTable("products").set({ rating_tenths: tenths, rating_count: count }).where("id", "=", productIds.get(name)!).execute();
    }
  });
});
test.afterAll(() => shop?.stop());

const names = (page: import("@playwright/test").Page) => page.getByTestId("product-card").getByRole("heading").allTextContents();

test("cards show a rated product's stars and number of reviews", async ({ page }, testInfo) => {
  await page.goto(`${shop.base}/product-category`);
  await shot(page, testInfo, "rated-cards-desktop", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, "rated-cards-phone");
  const card = (name: string) => page.getByTestId("product-card").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(card("Calm Kettle").getByRole("img", { name: "4.7 out of 5 stars, 31 reviews" })).toBeVisible();
  await expect(card("Calm Kettle")).toContainText("(31)");
  await expect(card("Bold Teapot").getByRole("img", { name: "3.8 out of 5 stars, 9 reviews" })).toBeVisible();
  // No stars without reviews (the picture is decorative, so no other image is named).
  await expect(card("New Spoon").getByRole("img")).toHaveCount(0);
  await expect(card("New Spoon")).toBeVisible();
});

test("sorts by rating and filters to 4 stars and up, with a chip that undoes it", async ({ page }) => {
  await page.goto(`${shop.base}/product-category`);
  await waitForHydration(page);
  await page.getByLabel("Sort by").selectOption({ label: "Top rated" });
  await expect(page).toHaveURL(/sort=rating/);
  await expect.poll(() => names(page)).toEqual(["Calm Kettle", "Quiet Mug", "Bold Teapot", "New Spoon"]);

  await page.getByRole("checkbox", { name: "4 stars & up" }).check();
  await expect(page).toHaveURL(/minRating=4/);
  await expect.poll(() => names(page)).toEqual(["Calm Kettle", "Quiet Mug"]);
  await expectAccessible(page);

  await page.getByRole("link", { name: /4 stars & up/ }).click();
  await expect.poll(() => names(page)).toHaveLength(4);
  await expect(page.getByRole("checkbox", { name: "4 stars & up" })).not.toBeChecked();
});

test("works without JavaScript and in German", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${shop.base}/de/product-category`);
  await page.getByRole("checkbox", { name: "4 Sterne & mehr" }).check();
  await page.getByLabel("Sortieren nach").selectOption({ label: "Beste Bewertung" });
  await page.getByRole("button", { name: "Filter anwenden" }).click();
  await expect.poll(() => names(page)).toEqual(["Calm Kettle", "Quiet Mug"]);
  await context.close();
});
