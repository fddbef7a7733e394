import { siteSettingsFields } from "#common/content/content.schema";
import { type AdminRoute, actorOf, jsonBody } from "./admin-route";

/** The site settings: read them with the environment's facts, replace them whole (audited; the storefront follows at once). */
export const SETTINGS_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/settings",
    summary:
      "The site settings (every field, defaults filled in) as `data`, and `facts` the screen shows but cannot change: whether card payments are set up (`cardPayments`: the Stripe keys are in the environment; the keys themselves are never sent) and Stripe's webhook secret (`cardWebhook`). `version`: when they were last saved.",
    async handler(c) {
      const { settings, facts, version } = await c.var.services.settingsAdmin.read();
      return c.json({ data: settings, facts, version });
    },
  },
  {
    method: "PUT",
    path: "/settings",
    summary:
      "Replace the site settings: the whole object, validated at once (a field left out takes its default). With `version` (from GET), a save made meanwhile by someone else is a 409 instead of being overwritten. A bad field is a 400 whose `fields` names each one (`shippingZones.1.rate`, `liveChat.id`) and nothing is stored. Audited with the fields that changed; GET /api/settings and every page show the new settings at once.",
    body: siteSettingsFields,
    async handler(c) {
      const { settings, facts, version } = await c.var.services.settingsAdmin.update(actorOf(c), await jsonBody(c));
      return c.json({ data: settings, facts, version });
    },
  },
];
