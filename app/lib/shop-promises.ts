import type { SiteSettings } from "../../server/modules/content/content.schema";

/**
 * The return policy in a shopper's words, from the window the returns desk enforces
 * (`returnWindowDays`: days after delivery; 0 takes no returns).
 */
export function returnsText(settings: Pick<SiteSettings, "returnWindowDays">): string {
  const days = settings.returnWindowDays;
  if (days <= 0) return "No returns: every sale is final";
  return `Returns within ${days} ${days === 1 ? "day" : "days"} of delivery`;
}
