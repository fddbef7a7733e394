import type { Role } from "#common/auth/permissions";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import type { StatusTone } from "./ui";

/** How each role reads in the admin's user screens, with its badge colour. */
export const ROLE_TEXT: Record<Role, { label: MessageKey; lower: MessageKey; tone: StatusTone }> = {
  customer: { label: "admin.nav.customer", lower: "admin.users.role.customerLower", tone: "neutral" },
  staff: { label: "admin.users.role.staff", lower: "admin.users.role.staffLower", tone: "info" },
  admin: { label: "admin.users.role.admin", lower: "admin.users.role.adminLower", tone: "success" },
};

/** The lengths a ban can have on the customer page (days; empty: until lifted). */
export const BAN_LENGTHS = [
  { value: "", label: "admin.users.ban.untilLifted" },
  { value: "1", label: "admin.users.ban.day" },
  { value: "7", label: "admin.users.ban.week" },
  { value: "30", label: "admin.users.ban.month" },
  { value: "90", label: "admin.users.ban.quarter" },
  { value: "365", label: "admin.users.ban.year" },
] as const satisfies ReadonlyArray<{ value: string; label: MessageKey }>;

/** A signed-in device as a person reads it: "Chrome on macOS" from its user agent (or "Unknown device"). */
export function deviceName(userAgent: string | null, t: Translate): string {
  if (!userAgent) return t("admin.users.unknownDevice");
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const os = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X|Macintosh/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && os) return t("admin.users.browserOn", { browser, os });
  return browser ?? os ?? userAgent.slice(0, 60);
}
