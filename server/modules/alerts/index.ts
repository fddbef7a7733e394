// The alerts module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Shoppers' back-in-stock alerts and wishlists' price-drop mails.
export { type AlertRequester, type AlertView, type AlertsService, createAlerts, type SubscribeResult } from "./alerts.service";
