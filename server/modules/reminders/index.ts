// The reminders module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Reminders of carts left alone, the links that bring them back, and their report.
export {
  type CartReminderFigures,
  type CartReminderPreferences,
  type CartReminders,
  type CartRemindersDeps,
  createCartReminders,
  SCAN_JOB as CART_REMINDER_SCAN_JOB,
} from "./reminders.service";
