import { createSignedTokens } from "#server/lib/signed-token";
import { expect, expectAccessible, test } from "./fixtures";

// The page of the link under a review request: it asks first, in the mail's language, and the
// button stops the requests to that address; a link the shop did not sign says so.
const SECRET = "e2e-only-secret-0123456789abcdef0123456789";

test("stops review requests to an address after asking, in German; a forged link is refused", async ({ page }) => {
  const token = createSignedTokens(SECRET).sign("review-requests-stop", { e: `stop-${Date.now()}@example.com` }, new Date(Date.UTC(2100, 0, 1)));
  await page.goto(`/de/review-requests/${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { name: "Bitten um Bewertungen" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Keine solchen E-Mails mehr" }).click();
  await expect(page.getByTestId("review-requests-done")).toHaveText("Erledigt: Wir bitten dich nicht mehr um Bewertungen.");

  await page.goto("/review-requests/forged.token");
  await page.getByRole("button", { name: "Stop these e-mails" }).click();
  await expect(page.getByTestId("review-requests-done")).toHaveText("This link is not valid.");
});
