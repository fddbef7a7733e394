import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShoppingCatalog, insertShoppingCatalog } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";
import { action as checkoutAction, loader as checkoutLoader } from "./checkout";
import { loader as confirmationLoader } from "./order-confirmation";
import { action as cartAction } from "./shopping-cart";

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
});
afterAll(async () => {
  await shop?.close();
});

/** A page's loader or action arguments for a request of a browser with this cookie (a form when `fields` are given). */
function pageArgs(path: string, cookie?: string, fields?: Record<string, string>) {
  const request = new Request(`http://shop.test${path}`, {
    method: fields ? "POST" : "GET",
    headers: { ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...(cookie ? { cookie } : {}) },
    body: fields ? new URLSearchParams(fields) : undefined,
  });
  const context = { services: shop.services, user: null, clientIp: "10.9.9.9", requestId: "test", cspNonce: () => "n" } as unknown as AppLoadContext;
  return { request, context, params: {} } as never;
}

/** What an action answered with `data(...)`. */
type Answer = { data: { message: string | null; errors: Record<string, string>; other: string[] }; init: ResponseInit };

/** A visitor's cookie after adding a mug to the cart from a page in `prefix`'s language. */
async function visitorWithMug(prefix: string): Promise<string> {
  const res = (await cartAction(pageArgs(`${prefix}/shopping-cart`, undefined, { intent: "add-to-cart", productId: ids.mug, quantity: "1" }))) as Response;
  expect(res.headers.get("location")).toBe(`${prefix}/shopping-cart`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("shop.visitor="))!;
}

const address = { line1: "1 Harbour Street", city: "Arlington", region: "VA", postalCode: "22201", country: "US" };
const contact = { name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100" };

describe("the checkout in another language", () => {
  it("answers a bad German form in German, field by field", async () => {
    const cookie = await visitorWithMug("/de");
    const answer = (await checkoutAction(
      pageArgs("/de/checkout", cookie, {
        email: "grace@",
        phone: "+1 555 0100",
        line1: "1 Harbour Street",
        city: "Arlington",
        country: "US",
        paymentMethod: "cod",
      }),
    )) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.message).toBe("Bitte korrigiere die markierten Felder.");
    expect(answer.data.errors).toEqual({
      name: "Bitte gib deinen Namen ein",
      email: "Bitte gib eine gültige E-Mail-Adresse ein",
      region: "Bitte wähle deinen Bundesstaat",
    });
  });

  it("says in French when no zone delivers to the country, naming it in French", async () => {
    const cookie = await visitorWithMug("/fr");
    const answer = (await checkoutAction(
      pageArgs("/fr/checkout", cookie, { ...contact, line1: "3 rue de la Paix", city: "Paris", country: "DE", paymentMethod: "cod" }),
    )) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.message).toBe("Nous ne livrons pas encore vers ce pays : Allemagne.");
    expect(answer.data.errors.country).toBe("Nous ne livrons pas encore vers ce pays : Allemagne.");
  });

  it("places a German order and stays under /de: the confirmation, and the order's link on it", async () => {
    const cookie = await visitorWithMug("/de");
    const placed = (await checkoutAction(
      pageArgs("/de/checkout", cookie, { ...contact, ...address, paymentMethod: "cod", idempotencyKey: "de-1" }),
    )) as Response;
    expect(placed.status).toBe(302);
    const location = placed.headers.get("location")!;
    expect(location).toMatch(/^\/de\/order-confirmation\?order=[^&]+&token=/);

    const page = (await confirmationLoader(pageArgs(location, cookie))) as { link: string; description: string };
    expect(page.link).toMatch(/^http:\/\/shop\.test\/de\/order-confirmation\?order=/);
    expect(page.description).toBe("Deine Bestellbestätigung.");
  });

  it("answers the cart's refusals in Spanish, and in English as the API says them", async () => {
    const add = (prefix: string) =>
      cartAction(
        pageArgs(`${prefix}/shopping-cart`, undefined, { intent: "add-to-cart", productId: ids.cap, quantity: "1", _fetch: "1" }),
      ) as unknown as Promise<{
        data: { message: string };
      }>;
    expect((await add("/es")).data.message).toBe("Elige un color");
    expect((await add("")).data.message).toBe("Please choose a colour");
  });
});

describe("the checkout's tax", () => {
  beforeAll(async () => {
    const settings = await shop.services.content.getSettings();
    await shop.services.content.saveSettings({
      ...settings,
      taxes: { ...settings.taxes, regions: [{ country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875 } }] },
    });
  });
  afterAll(async () => {
    const settings = await shop.services.content.getSettings();
    await shop.services.content.saveSettings({ ...settings, taxes: { ...settings.taxes, regions: [] } });
  });

  type Quoted = { quote: { cart: { taxLines: unknown[]; totals: { total: number; taxTotal: number } }; quotedFor: string } };

  it("quotes the summary for the address the page asks with, and for the one a form without JavaScript sends", async () => {
    const cookie = await visitorWithMug("");
    const ny = (await checkoutLoader(pageArgs("/checkout?shipping=inside-city&country=US&region=NY&city=Albany", cookie))) as Quoted;
    // The mug (10.00) at 8.875 %: 0.89.
    expect(ny.quote.cart.taxLines).toEqual([{ label: "Sales tax 8.875%", name: "Sales tax", reverseCharge: false, rate: 8.875, base: 10, amount: 0.89 }]);
    expect(ny.quote.cart.totals).toMatchObject({ taxTotal: 0.89, total: 20.88 });
    expect(ny.quote.quotedFor).toBe("inside-city|US|ny|");
    const va = (await checkoutLoader(pageArgs("/checkout?shipping=inside-city&country=US&region=VA", cookie))) as Quoted;
    expect(va.quote.cart.taxLines).toEqual([]);

    const update = (await checkoutAction(
      pageArgs("/checkout", cookie, { ...contact, ...address, region: "NY", shippingMethod: "inside-city", paymentMethod: "cod", intent: "update" }),
    )) as unknown as { data: Quoted };
    expect(update.data.quote.cart.totals.taxTotal).toBe(0.89);
  });

  it("passes a business buyer's company and VAT number on to the order, and refuses a malformed number beside its field", async () => {
    const cookie = await visitorWithMug("/de");
    const bad = (await checkoutAction(
      pageArgs("/de/checkout", cookie, { ...contact, ...address, paymentMethod: "cod", company: "Muster GmbH", vatNumber: "DE12" }),
    )) as unknown as Answer;
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors).toEqual({ vatNumber: "Bitte gib eine gültige EU-USt-IdNr. ein, z. B. DE123456789" });

    const placed = (await checkoutAction(
      pageArgs("/de/checkout", cookie, {
        ...contact,
        ...address,
        region: "NY",
        paymentMethod: "cod",
        company: "Muster GmbH",
        vatNumber: "de 123 456 789",
        idempotencyKey: "de-vat-1",
      }),
    )) as Response;
    expect(placed.status).toBe(302);
    const orderId = new URL(placed.headers.get("location")!, "http://shop.test").searchParams.get("order")!;
    const order = (await shop.services.orders.getRecord(orderId))!;
    const seen = shop.services.orders.toOrder(order, "customer");
    // A shop outside the EU charges its tax to businesses as to anyone.
    expect(seen).toMatchObject({ company: "Muster GmbH", vatNumber: "DE123456789", reverseCharge: false, totals: { taxTotal: 0.89 } });
  });
});
