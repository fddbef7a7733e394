import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { createCustomer, newCustomer, uniqueEmail, uniquePhone } from "./support/accounts";
import { adminApi, apiJson, cleanUpAfterAll, headers } from "./support/admin-api";
import { BASE_URL } from "./support/ports";

// Reviews on the product page: a buyer (an account whose order of the product was delivered)
// writes one with a photo through the form; a visitor filters the list by star, sorts it and
// votes a review helpful once; the German page speaks German. On its own product and category,
// deleted afterwards, so no other spec sees them.

test.describe.configure({ timeout: 120_000 });
const cleanups = cleanUpAfterAll(test);

/** Orders one of the product as the signed-in customer of `request` (cash on delivery) and has the administrator deliver it. */
async function buyAndReceive(request: APIRequestContext, admin: APIRequestContext, productId: string) {
  expect((await request.post("/api/cart/items", { data: { productId, quantity: 1 }, headers })).status()).toBe(201);
  const placed = await request.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `e2e-reviews-${Date.now()}-${Math.random()}` },
    data: {
      contact: { name: "Review Buyer", email: uniqueEmail("review-order"), phone: uniquePhone() },
      address: { line1: "1 Harbour Street", city: "Arlington", region: "VA", postalCode: "22201", country: "US" },
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = ((await placed.json()) as { data: { order: { id: string } } }).data.order;
  for (const data of [{ status: "processing" }, { status: "shipped", courier: "dhl", trackingNumber: "JD0146000012345" }, { status: "delivered" }]) {
    const moved = await admin.post(`/api/admin/orders/${id}/transition`, { data, headers });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

test("a buyer writes a review with a photo; a visitor filters, sorts and votes; the German page speaks German", async ({ page, browser }, testInfo) => {
  const admin = await adminApi();
  const s = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const category = await apiJson<{ id: string; slug: string }>(await admin.post("/api/admin/categories", { data: { name: `Reviewed ${s}` }, headers }), 201);
  cleanups.push((api) => api.delete(`/api/admin/categories/${category.id}`, { headers }));
  const product = await apiJson<{ id: string; slug: string; name: string }>(
    await admin.post("/api/admin/products", { data: { name: `Reading lamp ${s}`, categorySlug: category.slug, price: 30, stock: 20, image: [] }, headers }),
    201,
  );
  cleanups.push((api) => api.delete(`/api/admin/products/${product.id}`, { headers }));

  // Another buyer reviewed it before: two stars, through the API.
  const grace = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await createCustomer(grace, newCustomer("reviews-grace", "Grace Hopper"));
  await buyAndReceive(grace, admin, product.id);
  const earlier = await grace.post(`/api/products/${product.slug}/reviews`, {
    data: { rating: 2, title: "Too dim for me", text: "Fine lamp, but not bright enough to read by." },
    headers,
  });
  expect(earlier.status(), await earlier.text()).toBe(201);
  await grace.dispose();

  // The buyer: signed in on the page, with a delivered order of the lamp.
  await page.setViewportSize({ width: 390, height: 844 });
  await createCustomer(page.request, newCustomer("reviews-ada", "Ada Lovelace"));
  await buyAndReceive(page.request, admin, product.id);
  await admin.dispose();
  await page.goto(`/products/${product.slug}`);
  await waitForHydration(page);
  const reviews = page.getByRole("region", { name: "Customer reviews" });
  await reviews.getByRole("button", { name: "Write a review" }).click();
  const form = reviews.getByTestId("review-form");
  // Sent empty: each field says what it needs, in words a shopper reads.
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(form.getByText("Choose from 1 to 5 stars")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Title" })).toHaveAccessibleDescription("Give your review a title");
  await expect(form.getByRole("textbox", { name: "Your review" })).toHaveAccessibleDescription("Write a few words about the product");
  await form.locator("label").filter({ hasText: "5 stars" }).click();
  await expect(form.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await form.getByRole("textbox", { name: "Title" }).fill("Lovely warm light");
  await form.getByRole("textbox", { name: "Your review" }).fill("I read by it every evening.\nThe shade stays cool.");
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#d97706" } })
    .jpeg()
    .toBuffer();
  await form.getByLabel("Photos (up to 4)").setInputFiles({ name: "lamp.jpg", mimeType: "image/jpeg", buffer: photo });
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(reviews.getByTestId("reviews-saved")).toHaveText("Thank you! Your review is published.");
  await expect(form).toBeHidden();
  await expect(reviews.getByRole("button", { name: "Edit your review" })).toBeVisible();
  const mine = reviews.getByTestId("review").filter({ hasText: "Lovely warm light" });
  await expect(mine).toContainText("Ada L.");
  await expect(mine).toContainText("Verified buyer");
  await expect(reviews.getByTestId("reviews-summary")).toContainText("3.5");
  await expect(reviews.getByTestId("reviews-summary")).toContainText("2 reviews");
  await expectAccessible(page);
  await reviews.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "reviews-buyer-390", { fullPage: false });
  // The photo opens larger in a dialog, and Escape closes it.
  await mine.getByRole("button", { name: "Open photo 1 of 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Photo 1 of 1 from Ada L." });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "reviews-photo-390", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A visitor: the figures, a filter to two stars, sorting, and one helpful vote.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: BASE_URL });
  const v = await visitor.newPage();
  await v.goto(`/products/${product.slug}`);
  await waitForHydration(v);
  const list = v.getByRole("region", { name: "Customer reviews" });
  await expect(list.getByRole("img", { name: "3.5 out of 5 stars" })).toBeVisible();
  await expect(list.getByRole("link", { name: "Sign in to write a review" })).toBeVisible();
  await list.getByRole("link", { name: "2 stars: 1 review" }).click();
  await expect(list.getByTestId("review")).toHaveCount(1);
  await expect(list.getByTestId("review")).toContainText("Too dim for me");
  await expect(v).toHaveURL(/[?&]rating=2/);
  await expect(list.getByRole("link", { name: "2 stars: 1 review" })).toHaveAttribute("aria-current", "true");
  await list.getByRole("link", { name: "Show all reviews" }).click();
  await expect(list.getByTestId("review")).toHaveCount(2);
  await list.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Lowest rated" });
  await expect(list.getByTestId("review").first()).toContainText("Too dim for me");
  await list.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Highest rated" });
  await expect(list.getByTestId("review").first()).toContainText("Lovely warm light");
  const helpful = list.getByTestId("review").first().getByRole("button", { name: "Helpful (0)" });
  await helpful.click();
  await expect(list.getByTestId("review").first().getByRole("button", { name: "Helpful (1)" })).toHaveAttribute("aria-pressed", "true");
  await expect(list.getByTestId("review").first()).toContainText("Thanks for your vote.");
  await expectAccessible(v);
  await list.scrollIntoViewIfNeeded();
  await shot(v, testInfo, "reviews-visitor-1280", { fullPage: false });
  // The same browser again: its vote was counted once.
  await v.reload();
  await waitForHydration(v);
  const again = v.getByRole("region", { name: "Customer reviews" }).getByTestId("review").first();
  await again.getByRole("button", { name: "Helpful (1)" }).click();
  await expect(again).toContainText("You have already voted for this review.");
  await expect(again.getByRole("button", { name: "Helpful (1)" })).toBeVisible();

  // Without JavaScript the star filter is a plain link: the page it leads to lists only those reviews.
  const html = await (await v.request.get(`/products/${product.slug}?rating=5`)).text();
  expect(html).toContain("Lovely warm light");
  expect(html).not.toContain("Too dim for me");
  // Search engines read the rating and the reviews.
  expect(html).toMatch(/"aggregateRating":\{"@type":"AggregateRating","ratingValue":3.5,"reviewCount":2/);

  // The German page: German words, German numbers.
  await v.goto(`/de/products/${product.slug}`);
  await waitForHydration(v);
  const de = v.getByRole("region", { name: "Kundenbewertungen" });
  await expect(de.getByRole("img", { name: "3,5 von 5 Sternen" })).toBeVisible();
  await expect(de).toContainText("2 Bewertungen");
  await expect(de).toContainText("Verifizierter Kauf");
  await expect(de.getByRole("button", { name: "Hilfreich (1)" })).toBeVisible();
  await expect(de.getByRole("link", { name: "Melde dich an, um eine Bewertung zu schreiben" })).toBeVisible();
  await expectAccessible(v);
  await de.scrollIntoViewIfNeeded();
  await shot(v, testInfo, "reviews-de-1280", { fullPage: false });
  await v.setViewportSize({ width: 390, height: 844 });
  await de.scrollIntoViewIfNeeded();
  await shot(v, testInfo, "reviews-de-390", { fullPage: false });
  // A mailed review link (?review=<token>) opens the form for anyone; the form sends its token, and
  // shows what the server answers when it refuses.
  await v.goto(`/products/${product.slug}?review=e2e-token-${s}`);
  await waitForHydration(v);
  const invited = v.getByRole("region", { name: "Customer reviews" }).getByTestId("review-form");
  await invited.locator("label").filter({ hasText: "4 stars" }).click();
  await invited.getByRole("textbox", { name: "Title" }).fill("Bright enough");
  await invited.getByRole("textbox", { name: "Your review" }).fill("Good for reading.");
  const [sent] = await Promise.all([
    v.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/api/products/${product.slug}/reviews`)),
    invited.getByRole("button", { name: "Submit review" }).click(),
  ]);
  expect(sent.postData()).toContain(`e2e-token-${s}`);
  expect(sent.postData()).toMatch(/name="token"/);
  await expect(invited.getByTestId("review-form-status")).not.toBeEmpty();
  await visitor.close();

  // The buyer's page in German: their review to edit, and the form's messages in German.
  await page.goto(`/de/products/${product.slug}`);
  await waitForHydration(page);
  const own = page.getByRole("region", { name: "Kundenbewertungen" });
  await own.getByRole("button", { name: "Deine Bewertung bearbeiten" }).click();
  const edit = own.getByTestId("review-form");
  await expect(edit.getByRole("textbox", { name: "Titel" })).toHaveValue("Lovely warm light");
  await edit.getByRole("textbox", { name: "Titel" }).fill("");
  await edit.getByRole("button", { name: "Bewertung senden" }).click();
  await expect(edit.getByRole("textbox", { name: "Titel" })).toHaveAccessibleDescription("Gib deiner Bewertung einen Titel");
  await expect(edit.getByTestId("review-form-status")).toHaveText("Bitte prüfe die markierten Felder.");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, testInfo, "reviews-de-form-1280", { fullPage: false });
});
