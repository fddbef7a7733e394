import type { Role } from "#common/auth/permissions";
import type { StatusTone } from "./ui";

/** How each role reads in the admin's user screens, with its badge colour. */
export const ROLE_TEXT: Record<Role, { label: string; tone: StatusTone }> = {
  customer: { label: "Customer", tone: "neutral" },
  staff: { label: "Staff", tone: "info" },
  admin: { label: "Administrator", tone: "success" },
};

/** The lengths a ban can have on the customer page (days; empty: until lifted). */
export const BAN_LENGTHS = [
  { value: "", label: "Until lifted" },
  { value: "1", label: "1 day" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
] as const;

/** A signed-in device as a person reads it: "Chrome on macOS" from its user agent (or "Unknown device"). */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
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
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}
