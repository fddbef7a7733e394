import { type AdminRoute, idParam } from "./admin-route";

/** Back-in-stock alerts as the catalogue's staff sees them (permission catalog): what shoppers wait for, and who. */
export const STOCK_ALERT_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/stock-alerts",
    summary:
      "Products and variants with shoppers waiting for them to come back (up to 200, the most awaited first): `name` (with colour and size), `waiting`, `since` (the earliest alert) and `stock` now.",
    async handler(c) {
      return c.json({ data: await c.var.services.alerts.listWaitingVariants() });
    },
  },
  {
    method: "GET",
    path: "/stock-alerts/:id",
    summary:
      "Every alert of one product, earliest first: `email`, `variant`, `status` (pending: a guest has not confirmed; waiting; notified), `signedIn`, `createdAt`, `confirmedAt`, `notifiedAt`.",
    async handler(c) {
      return c.json({ data: await c.var.services.alerts.listSubscribers(idParam(c, "product id")) });
    },
  },
];
