import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Page, request as playwrightRequest } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The webhooks screen (admin-dashboard/webhooks): the operator adds an endpoint, copies its secret
// (shown once), sends a test ping to a real receiver started here, and sees the delivery with the
// request and the answer. The endpoint is deleted afterwards: the demo shop is shared.

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };
const LIST = "/admin-dashboard/webhooks";

let server: http.Server;
let receiverUrl: string;
const received: Array<{ headers: Record<string, string>; body: string }> = [];

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const h = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers: h, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks from the receiver");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop-hooks`;
});

test.afterAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await api.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  const list = (await (await api.get("/api/admin/webhooks")).json()) as { data: Array<{ id: string; url: string }> };
  for (const e of list.data.filter((e) => e.url === receiverUrl)) await api.delete(`/api/admin/webhooks/${e.id}`, { headers });
  await api.dispose();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function signInAsAdmin(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

test("an operator adds an endpoint, sees its secret once, sends a test ping and sees the delivery", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(LIST);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  // The sidebar leads here for someone with the settings permission.
  await expect(page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Webhooks" })).toBeVisible();

  // A refused form says why beside the field.
  await page.getByRole("textbox", { name: "Endpoint URL" }).fill(receiverUrl);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("form-error-summary")).toContainText("Choose at least one event");

  await page.getByRole("textbox", { name: "Description (optional)" }).fill("E2E receiver");
  await page.getByRole("checkbox", { name: /order\.created/ }).check();
  await page.getByRole("checkbox", { name: /product\.updated/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secretBox = page.getByTestId("secret-value");
  await expect(secretBox).toHaveValue(/^whsec_/);
  const secret = await secretBox.inputValue();
  await expect(page.getByTestId("webhook-endpoints")).toContainText(receiverUrl);
  await expectAccessible(page);
  await shot(page, testInfo, "webhooks-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, "webhooks-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Opened again, the list shows the secret masked only.
  await page.goto(LIST);
  await expect(page.getByTestId("secret-once")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await page.getByRole("link", { name: receiverUrl }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E receiver" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText(`whsec_…${secret.slice(-4)}`)).toBeVisible();
  await expect(page.getByTestId("deliveries-empty")).toBeVisible();

  // The test ping reaches the receiver, signed with that secret.
  const before = received.length;
  await page.getByRole("button", { name: "Send test ping" }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(before);
  const hook = received[before]!;
  const event = new Webhook(secret).verify(hook.body, hook.headers) as { type: string };
  expect(event.type).toBe("ping");

  // The delivery shows as delivered (the list refreshes itself), with the request and the answer.
  const deliveries = page.getByTestId("webhook-deliveries");
  await expect(deliveries.locator("summary").getByText("Delivered")).toBeVisible({ timeout: 15_000 });
  await deliveries.locator("summary").first().click();
  await expect(deliveries.getByTestId("request-headers")).toContainText(`webhook-id: ${hook.headers["webhook-id"]}`);
  await expect(deliveries.getByTestId("request-body")).toContainText('"type": "ping"');
  await expect(deliveries.getByTestId("response-body")).toContainText("HTTP 200");
  await expect(deliveries.getByTestId("response-body")).toContainText("thanks from the receiver");
  await expectAccessible(page);
  await shot(page, testInfo, "webhook-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, "webhook-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Redeliver sends the same delivery again, with the same webhook-id.
  await deliveries.getByRole("button", { name: /Redeliver/ }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(before + 2);
  expect(received[before + 1]!.headers["webhook-id"]).toBe(hook.headers["webhook-id"]);
  await expect(page.getByText("2 tries")).toBeVisible({ timeout: 15_000 });

  // Keyboard: the delivery's summary opens and closes with Enter.
  const summary = deliveries.locator("summary").first();
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(deliveries.getByTestId("request-body")).toBeHidden();
});
