import type { BrowserContext, Page } from "@playwright/test";
import { insertCatalog } from "../support/catalog-fixture";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { type OwnShop, startOwnShop } from "./support/own-shop";

// The reviews' moderation screen (admin-dashboard/reviews) and the settings' reviews section, on
// a shop of its own (its settings change here, which the shared shop's other specs must not see):
// a moderator publishes a review the rules held, replies to it publicly, hides another, and saves
// the reviews settings.
const ADMIN = { email: "reviews-admin@e2e.test", password: "reviews-admin-password" };
const SCREEN = "/admin-dashboard/reviews";
let shop: OwnShop;

test.describe.configure({ timeout: 90_000, mode: "serial" });

test.beforeAll(async () => {
  shop = await startOwnShop(
    "reviews",
    async (db) => {
      const { productIds } = await insertCatalog(db, { Kitchen: [] }, [
        { name: "Stoneware Mug", price: 1800, category: "Kitchen" },
        { name: "Copper Kettle", price: 6400, category: "Kitchen" },
      ]);
      const mug = productIds.get("Stoneware Mug")!;
      const kettle = productIds.get("Copper Kettle")!;
      const review = (id: string, productId: string, fields: Record<string, unknown>, minutesAgo: number) => {
        const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
        return {
          id,
          product_id: productId,
          user_id: null,
          guest_email: `${id}@example.com`,
          order_line_id: `line-${id}`,
          author_name: "Ada L.",
          rating: 4,
          title: "Nice",
          text: "Nice.",
          status: "published",
          held_for: null,
          created_at: at,
          updated_at: at,
          ...fields,
        };
      };
      await db.kysely
        .insertInto("reviews")
        .values([
          review(
            "held-link",
            mug,
            {
              title: "Lovely glaze",
              text: "Holds a big cup of tea. I found a matching saucer at www.example.com",
              status: "pending",
              held_for: JSON.stringify(["link"]),
              rating: 5,
            },
            5,
          ),
          review("held-setting", kettle, { title: "Boils fast", text: "Whistles when ready.", status: "pending", author_name: "Grace H." }, 10),
          review("rude", kettle, { title: "Meh", text: "Arrived with a dent, but works.", rating: 2, author_name: "Linus T." }, 20),
        ])
        .execute();
    },
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789", SMTP_URL: "" },
  );
});
test.afterAll(() => shop?.stop());

async function signedInContext(browser: import("@playwright/test").Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: shop.base, viewport });
  const res = await context.request.post(`${shop.base}/api/auth/sign-in/email`, { data: ADMIN, headers: { origin: shop.base } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

const toast = (page: Page, text: string | RegExp) => expect(page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });
const tab = (page: Page, name: RegExp) => page.getByTestId("status-tabs").getByRole("link", { name });
const card = (page: Page, title: string) => page.getByTestId("review-card").filter({ has: page.getByRole("heading", { name: title }) });

test("a moderator publishes a held review, replies to it publicly and hides another", async ({ browser }) => {
  const context = await signedInContext(browser, { width: 1280, height: 900 });
  const page = await context.newPage();
  await page.goto("/admin-dashboard");
  await waitForHydration(page);
  // The sidebar leads there, with the count waiting.
  const nav = page.getByRole("navigation", { name: "Admin", exact: true });
  await expect(nav.getByRole("link", { name: /Reviews/ })).toContainText("2 pending");
  await nav.getByRole("link", { name: /Reviews/ }).click();
  await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();

  // Waiting first: both held reviews, each saying why in words.
  await expect(tab(page, /Waiting/)).toHaveAttribute("aria-current", "page");
  await expect(tab(page, /Waiting/)).toContainText("2");
  await expect(page.getByTestId("review-card")).toHaveCount(2);
  const held = card(page, "Lovely glaze");
  await expect(held.getByTestId("review-held-for")).toHaveText("Held for a link");
  await expect(card(page, "Boils fast").getByTestId("review-held-for")).toHaveText("Held because the settings hold every review for a look");
  await expect(held.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(held.getByRole("link", { name: "Stoneware Mug" })).toHaveAttribute("href", "/products/stoneware-mug");
  await expect(held).toContainText("By Ada L.");
  await expect(held).toContainText("Guest");
  await expectAccessible(page);
  await shot(page, test.info(), "reviews-queue-desktop");

  await held.getByRole("button", { name: "Publish" }).click();
  await toast(page, "Review published");
  await expect(page.getByTestId("review-card")).toHaveCount(1);
  await expect(tab(page, /Waiting/)).toContainText("1");

  // Published: reply under it, publicly.
  await tab(page, /Published/).click();
  await expect(tab(page, /Published/)).toHaveAttribute("aria-current", "page");
  const published = card(page, "Lovely glaze");
  await published.getByText("Reply publicly").click();
  await published.getByRole("textbox", { name: "The shop's public reply" }).fill("Thank you, Ada!\nEnjoy your tea.");
  await published.getByRole("button", { name: "Save reply" }).click();
  await toast(page, "Reply saved");
  await expect(card(page, "Lovely glaze").getByTestId("review-reply")).toContainText(["Thank you, Ada!", "Enjoy your tea."].join(" "));
  await shot(page, test.info(), "reviews-published-desktop");
  // The product's public reviews show it with the reply.
  const answer = (await (await context.request.get(`${shop.base}/api/products/stoneware-mug/reviews`)).json()) as {
    data: Array<{ title: string; reply: { text: string } | null }>;
  };
  expect(answer.data).toEqual([
    expect.objectContaining({ title: "Lovely glaze", reply: expect.objectContaining({ text: "Thank you, Ada!\nEnjoy your tea." }) }),
  ]);

  // Hide the other published one: it leaves the product's page and waits in Hidden.
  await card(page, "Meh").getByRole("button", { name: "Hide" }).click();
  await toast(page, "Review hidden");
  await expect(card(page, "Meh")).toHaveCount(0);
  await tab(page, /Hidden/).click();
  await expect(card(page, "Meh")).toBeVisible();
  await expect(card(page, "Meh").getByRole("button", { name: "Publish" })).toBeVisible();
  const kettle = (await (await context.request.get(`${shop.base}/api/products/copper-kettle/reviews`)).json()) as { meta: { count: number } };
  expect(kettle.meta.count).toBe(0);
  await expectAccessible(page);
  await context.close();
});

test("on a phone the queue reads top to bottom, and an empty tab says so", async ({ browser }) => {
  const context = await signedInContext(browser, { width: 390, height: 844 });
  const page = await context.newPage();
  await page.goto(SCREEN);
  await waitForHydration(page);
  await expect(page.getByTestId("review-card")).toHaveCount(1);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shot(page, test.info(), "reviews-queue-phone");
  await card(page, "Boils fast").getByRole("button", { name: "Hide" }).click();
  await toast(page, "Review hidden");
  await expect(page.getByTestId("reviews-empty")).toContainText("Nothing waiting");
  await shot(page, test.info(), "reviews-empty-phone");
  await context.close();
});

test("the settings' reviews section saves moderation, the days before asking and the blocked words", async ({ browser }) => {
  const context = await signedInContext(browser, { width: 1280, height: 900 });
  const page = await context.newPage();
  await page.goto("/admin-dashboard/settings#reviews");
  await waitForHydration(page);
  const section = page.locator("section#reviews");
  await expect(section.getByRole("heading", { name: "Reviews" })).toBeVisible();
  await expect(section.getByRole("combobox", { name: "New reviews" })).toHaveValue("publish");
  await expect(section.getByRole("spinbutton", { name: /Ask buyers for a review after/ })).toHaveValue("7");
  await section.getByRole("combobox", { name: "New reviews" }).selectOption("hold");
  await section.getByRole("spinbutton", { name: /Ask buyers for a review after/ }).fill("10");
  await section.getByRole("textbox", { name: "Blocked words" }).fill("scam\nfake news");
  await shot(section, test.info(), "reviews-settings-desktop");
  await page.getByRole("button", { name: "Save settings" }).click();
  await toast(page, "Settings saved");

  await page.reload();
  await waitForHydration(page);
  await expect(section.getByRole("combobox", { name: "New reviews" })).toHaveValue("hold");
  await expect(section.getByRole("spinbutton", { name: /Ask buyers for a review after/ })).toHaveValue("10");
  await expect(section.getByRole("textbox", { name: "Blocked words" })).toHaveValue("scam\nfake news");
  const stored = (await (await context.request.get(`${shop.base}/api/admin/settings`)).json()) as { data: { reviews: unknown } };
  expect(stored.data.reviews).toEqual({ moderation: "hold", requestAfterDays: 10, blocklist: ["scam", "fake news"] });

  // A number out of range is refused beside its field, and nothing changes.
  await section.getByRole("spinbutton", { name: /Ask buyers for a review after/ }).fill("400");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(section.getByText("Give the days after delivery as a whole number from 0 to 365")).toBeVisible();
  await expectAccessible(page);
  const after = (await (await context.request.get(`${shop.base}/api/admin/settings`)).json()) as { data: { reviews: { requestAfterDays: number } } };
  expect(after.data.reviews.requestAfterDays).toBe(10);
  await context.close();
});
