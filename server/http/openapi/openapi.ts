import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { limitOffsetSchema, listingQuerySchema } from "#common/catalog/catalog.schema";
import { addToCartSchema, discountCodeSchema, giftCardCodeSchema, updateQuantitySchema } from "#common/cart/cart.schema";
import { contactSchema } from "#common/content/content.schema";
import { analyticsBatchSchema } from "#common/analytics/analytics.schema";
import { placeOrderSchema, shippingAddressSchema } from "#common/orders/orders.schema";
import { returnRequestSchema } from "#common/orders/orders.returns.schema";
import { reviewInputSchema, reviewListQuerySchema } from "#common/reviews/reviews.schema";
import { preferencesPatchSchema, stockAlertInputSchema } from "#common/alerts/alerts.schema";
import { accessOf } from "../admin/admin-route";
import { ADMIN_ROUTES } from "../admin/index";
import { cartQuery } from "../cart.routes";
import { searchQuerySchema } from "../catalog.routes";
import { tokenQuery } from "../orders.routes";
import { deleteAccountSchema } from "../auth.routes";
import { toggleSchema } from "../wishlist.routes";
import { restoreSchema } from "../reminders.routes";
import { reminderConsentSchema } from "#common/reminders/reminders.schema";

import packageJson from "../../../package.json";

/** The API's version in the document: the package's. */
const SHOP_VERSION = packageJson.version;

/** One operation of the API, with the zod schemas its route validates with. */
export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Hono's path under /api (`:name` parameters). */
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A body that is not JSON (multipart upload, CSV, Stripe's signed event). */
  bodyType?: string;
  /** Who may call it, when not everyone. */
  access?: string;
}

/**
 * The routes outside /api/admin, each with the schema its handler parses (imported from the same
 * place the handler takes it). tests/api/openapi.test.ts fails when a mounted route is missing.
 */
const PUBLIC_OPERATIONS: Operation[] = [
  {
    method: "GET",
    path: "/products",
    tag: "Catalogue",
    summary: "Product cards of a listing: category, sub-category, price range, sort, page.",
    query: listingQuerySchema,
  },
  {
    method: "GET",
    path: "/products/search/ser",
    tag: "Catalogue",
    summary: "Search products (typo-tolerant); `q` is the trimmed term, `limit` 10 by default.",
    query: searchQuerySchema,
  },
  { method: "GET", path: "/products/category", tag: "Catalogue", summary: "Products of every category.", query: limitOffsetSchema },
  {
    method: "GET",
    path: "/products/category/:category",
    tag: "Catalogue",
    summary: "Products of one category (empty list for an unknown one).",
    query: limitOffsetSchema,
  },
  { method: "GET", path: "/products/:slug", tag: "Catalogue", summary: "One product with its variants, pictures and specifications." },
  {
    method: "GET",
    path: "/products/:slug/reviews",
    tag: "Reviews",
    summary:
      "A product's published reviews, 10 a page: `sort` (newest, helpful, highest, lowest), `rating` (only that many stars), `page`. Each has `rating`, `title`, `text`, `author` (first name and initial), `verifiedBuyer`, `helpful` (votes), `reply` (the shop's), `photos` (`[{url, width, height}]`: the largest width; smaller ones by the image naming rule, 160 and 640) and `createdAt`; `meta` has `average`, `count`, `distribution` per star (`{\"5\": 12, …}`), `page` and `pages`.",
    query: reviewListQuerySchema,
  },
  {
    method: "POST",
    path: "/products/:slug/reviews",
    tag: "Reviews",
    summary:
      "Review a product you received (signed in; a delivered or completed order of it): `rating` 1–5, `title` (≤ 120), `text` (≤ 5,000), as JSON or as multipart/form-data with up to 4 pictures in `photos` (5 MB each; new photos replace the old ones on an edit, none keeps them; a bad file is a 400 naming `photos`, nothing stored). 201; a second review edits the first (200). Its `status` is `published`, or `pending` while the shop's moderation holds it (links, capitals, blocked words, or the setting). Not a buyer: 403. Without an account: `token`, the `review` parameter of the link mailed some days after delivery (in the JSON or the form); a forged, expired or other product's token: 403.",
    body: reviewInputSchema.extend({ token: z.string().optional() }),
    access: "signed-in buyer, or a review link's token",
  },
  {
    method: "POST",
    path: "/reviews/:id/helpful",
    tag: "Reviews",
    summary: "Find a published review helpful: one vote per account or browser (visitor cookie); a second vote changes nothing. Answers `helpful`, the count.",
  },
  {
    method: "POST",
    path: "/review-requests/:token/unsubscribe",
    tag: "Reviews",
    summary:
      "One-click unsubscribe of a review request (its List-Unsubscribe header): no more requests to the address its link names; 404 for a link the shop did not sign.",
  },
  { method: "GET", path: "/categories", tag: "Catalogue", summary: "Categories with their sub-categories." },
  { method: "GET", path: "/settings", tag: "Content", summary: "The site settings (site name, currency, shipping rules…)." },
  { method: "GET", path: "/facebook-pixel", tag: "Content", summary: "The tracking pixel's id and status." },
  { method: "GET", path: "/banners", tag: "Content", summary: "The home page's live banners in order." },
  {
    method: "POST",
    path: "/analytics/events",
    tag: "Content",
    summary:
      "A batch of the storefront's page views and shop events (sendBeacon; text/plain or JSON). 204 whether stored or not: nothing is stored for bots, `DNT: 1` or `Sec-GPC: 1`.",
    body: analyticsBatchSchema,
  },
  { method: "POST", path: "/contact", tag: "Content", summary: "Send a message through the contact form.", body: contactSchema },
  {
    method: "GET",
    path: "/cart",
    tag: "Shopping",
    summary:
      "This shopper's cart, priced on the server: with an address (`country`, `region`, `city`), taxed for it and shipped by the zone the checkout would pick; without one, taxed for the shop's own region. `taxLines` give the tax per rate.",
    query: cartQuery,
  },
  {
    method: "POST",
    path: "/cart/items",
    tag: "Shopping",
    summary: "Add a product (and variant) to the cart; an existing line's quantity grows.",
    body: addToCartSchema,
  },
  { method: "PATCH", path: "/cart/items/:lineId", tag: "Shopping", summary: "Change a cart line's quantity (at least 1).", body: updateQuantitySchema },
  { method: "DELETE", path: "/cart/items/:lineId", tag: "Shopping", summary: "Remove a cart line." },
  {
    method: "POST",
    path: "/cart/discount-codes",
    tag: "Shopping",
    summary:
      "Put a discount code on the cart (case-insensitive). A code that gives nothing now is refused with why: 400 (not valid, expired, not started, too little in the cart, no item it concerns), 409 (used up, used already, does not combine with a promotion that saves more); 429 past ten unknown codes from one address in 15 minutes.",
    body: discountCodeSchema,
  },
  { method: "DELETE", path: "/cart/discount-codes/:code", tag: "Shopping", summary: "Take a discount code off the cart (404 when it is not on it)." },
  {
    method: "POST",
    path: "/cart/gift-cards",
    tag: "Shopping",
    summary:
      "Pay with a gift card: the cart keeps the card and its `giftCards` say what each pays (`totals.total` is what is left to pay). A card that cannot pay is refused with why: 400 (unknown, disabled, expired, in another currency), 409 (used up); 429 past ten unknown codes from one address in 15 minutes.",
    body: giftCardCodeSchema,
  },
  {
    method: "DELETE",
    path: "/cart/gift-cards/:last4",
    tag: "Shopping",
    summary: "Take the gift card ending in these four characters off the cart (404 when it is not on it).",
  },
  { method: "GET", path: "/wishlist", tag: "Shopping", summary: "This shopper's wishlist." },
  { method: "POST", path: "/wishlist/toggle", tag: "Shopping", summary: "Add a product to the wishlist, or remove it when it is there.", body: toggleSchema },
  {
    method: "GET",
    path: "/shipping-options",
    tag: "Orders",
    summary: "The shipping zones an address gets, priced for this cart, each with the order's tax (`taxTotal`, `taxLines`) and `total` for the address.",
    query: shippingAddressSchema,
  },
  {
    method: "POST",
    path: "/orders",
    tag: "Orders",
    summary:
      "Place an order from the cart (Idempotency-Key header: a repeated key answers the same order), taxed for the delivery address; a business buyer's `vatNumber` of another EU country than the shop's makes it a reverse-charge order.",
    body: placeOrderSchema,
  },
  { method: "GET", path: "/orders", tag: "Orders", summary: "This shopper's orders, newest first." },
  {
    method: "GET",
    path: "/orders/:id",
    tag: "Orders",
    summary: "One order: its owner, the bearer of its link's token, or staff with the orders permission.",
    query: tokenQuery,
  },
  { method: "POST", path: "/orders/:id/cancel", tag: "Orders", summary: "Cancel an order while it is still pending.", query: tokenQuery },
  {
    method: "POST",
    path: "/orders/:id/returns",
    tag: "Orders",
    summary:
      "Ask to return lines of a delivered order within the shop's return window (`returnWindowDays`), never more units than bought minus those already asked for: its owner only (others get 404); 409 before delivery or after the window.",
    query: tokenQuery,
    body: returnRequestSchema,
  },
  {
    method: "POST",
    path: "/payments/stripe/webhook",
    tag: "Payments",
    summary: "Stripe's signed events (a paid or failed card payment).",
    bodyType: "application/json",
  },
  { method: "GET", path: "/auth-providers", tag: "Accounts", summary: "The sign-in providers this shop offers." },
  {
    method: "GET",
    path: "/auth/user/:uid",
    tag: "Accounts",
    summary: "The shop's record of a user (the user themselves, or staff with the customers permission).",
  },
  {
    method: "POST",
    path: "/account/delete",
    tag: "Accounts",
    summary:
      "Delete the signed-in user's own account (orders stay, anonymised) with their `password`; an account without one is mailed a confirmation link (202), whose `token` then deletes it.",
    body: deleteAccountSchema,
  },
  {
    method: "GET",
    path: "/account/export",
    tag: "Accounts",
    summary:
      "Everything the shop holds about the signed-in user, as a JSON download (profile, addresses, orders, wishlist, cart, devices, audit entries, product reviews).",
  },
  {
    method: "POST",
    path: "/account/avatar",
    tag: "Accounts",
    summary: "Upload the signed-in user's profile picture (multipart, field `image`).",
    bodyType: "multipart/form-data",
  },
  {
    method: "POST",
    path: "/stock-alerts",
    tag: "Alerts",
    summary:
      "Ask to be mailed once when a sold-out product (with its `color` and `size` when it has them) is back: 201 (200 when this address already asked). `status` is `waiting` for a signed-in shopper's own address, else `pending` until the confirmation mail's link is followed. 409 when it is in stock; mails in `?lang=` and the currency cookie's currency.",
    body: stockAlertInputSchema,
  },
  {
    method: "POST",
    path: "/stock-alerts/:token/confirm",
    tag: "Alerts",
    summary: "Confirm a guest's alert (the confirmation mail's link); 404 when it is gone.",
  },
  { method: "DELETE", path: "/stock-alerts/:token", tag: "Alerts", summary: "Unsubscribe: the alert and its address are forgotten; 404 when it is gone." },
  {
    method: "POST",
    path: "/stock-alerts/:token/unsubscribe",
    tag: "Alerts",
    summary: "One-click unsubscribe of a mail's List-Unsubscribe header (RFC 8058); as DELETE.",
  },
  {
    method: "POST",
    path: "/price-drop-alerts/:token/unsubscribe",
    tag: "Alerts",
    summary: "Switch off the price-drop mails of the account a mail's signed link names (its one-click unsubscribe).",
  },
  {
    method: "GET",
    path: "/account/preferences",
    tag: "Accounts",
    summary: "The signed-in user's mail switches: `priceDropAlerts` (off by default), `cartReminders` (on by default).",
  },
  {
    method: "PATCH",
    path: "/account/preferences",
    tag: "Accounts",
    summary: "Change the signed-in user's mail switches (`priceDropAlerts`, `cartReminders`, each optional); answers both.",
    body: preferencesPatchSchema,
  },
  {
    method: "PUT",
    path: "/cart/reminder",
    tag: "Shopping",
    summary:
      "A guest's answer at checkout to cart reminders: `email` and `consent`. With consent, a cart left alone for the shop's delay is mailed once (in the language of `?lang=` and the currency chosen); without, a consent given before is withdrawn and nothing is stored.",
    body: reminderConsentSchema,
  },
  {
    method: "POST",
    path: "/cart/restore",
    tag: "Shopping",
    summary:
      "Bring a reminded cart into this browser with the `token` of the reminder's link: its lines join this cart (a line already there keeps the larger quantity, up to the stock). Answers the cart; 404 for a token that is not the shop's.",
    body: restoreSchema,
  },
  { method: "DELETE", path: "/cart-reminders/:token", tag: "Shopping", summary: "Unsubscribe from cart reminders with the token of a reminder's link." },
  { method: "GET", path: "/openapi.json", tag: "Meta", summary: "This document." },
];

/** The admin routes, from their own table (schemas and permission travel with each route). */
function adminOperations(): Operation[] {
  return ADMIN_ROUTES.map((r) => {
    const bodyType = r.path === "/uploads" ? "multipart/form-data" : r.path === "/products/import" ? "text/csv" : undefined;
    return { method: r.method, path: `/admin${r.path}`, summary: r.summary, tag: "Admin", query: r.query, body: r.body, bodyType, access: accessOf(r) };
  });
}

/** Every operation of our own routers (better-auth's are added from its generator). */
export function apiOperations(): Operation[] {
  return [...PUBLIC_OPERATIONS, ...adminOperations()];
}

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as Record<string, unknown>;

/** Query parameters of an object schema, one per property. */
function queryParameters(schema: z.ZodType): object[] {
  const js = jsonSchema(schema) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({ name, in: "query", required: Boolean(js.required?.includes(name)), schema: s }));
}

const ERROR = {
  description: "An expected failure: `{ error: { code, message, fields? } }`",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          error: {
            type: "object",
            properties: { code: { type: "string" }, message: { type: "string" }, fields: { type: "object", additionalProperties: { type: "string" } } },
            required: ["code", "message"],
          },
        },
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of the whole API: our operations, their schemas generated from the zod
 * schemas the routes validate with (zod's own JSON Schema generator), and better-auth's endpoints
 * under /api/auth from better-auth's generator.
 */
export function openApiDocument(
  auth: { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } } | null,
  info: { title: string; version: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of apiOperations()) {
    const path = `/api${op.path.replace(/:([A-Za-z]+)/g, "{$1}")}`;
    const pathParams = [...op.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    const operation: Record<string, unknown> = {
      summary: op.summary,
      tags: [op.tag],
      parameters: [...pathParams, ...(op.query ? queryParameters(op.query) : [])],
      responses: { "200": { description: "Success" }, "4XX": ERROR },
    };
    if (op.access) operation["x-permission"] = op.access;
    if (op.body) operation.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } };
    else if (op.bodyType)
      operation.requestBody = { required: true, content: { [op.bodyType]: { schema: op.bodyType === "text/csv" ? { type: "string" } : { type: "object" } } } };
    (paths[path] ??= {})[op.method.toLowerCase()] = operation;
  }
  for (const [path, item] of Object.entries(auth?.paths ?? {})) {
    paths[`/api/auth${path}`] = item as Record<string, unknown>;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${info.title} API`,
      version: info.version,
      description:
        "JSON API of the shop. Prices are in the shop's currency, in the major unit (12.5), or in another currency the shop offers asked with `?currency=` (or the `shop.currency` cookie the storefront's currency switcher sets; the query wins) on the catalogue's reads, `GET /api/cart` and `POST /api/orders`, whose answers then name it (`currency`). The catalogue's reads, the banners, the settings and the wishlist take `?lang=` (de, fr, es) for the owner's translated texts, falling back to the default language's where there is none.",
    },
    servers: [{ url: "/" }],
    paths,
    components: { schemas: { ...(auth?.components?.schemas ?? {}) } },
  };
}

/** GET /api/openapi.json: the document, built once per process (the routes do not change while it runs). */
export function openApiRoutes() {
  const r = new Hono<AppEnv>();
  let document: Promise<unknown> | null = null;
  r.get("/openapi.json", async (c) => {
    document ??= c.var.services.auth.openApiSchema().then((auth) => openApiDocument(auth, { title: "Shop", version: SHOP_VERSION }));
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await document);
  });
  return r;
}
