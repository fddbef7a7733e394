import { describe, expect, it } from "vitest";
import { instantToZoned, knownTimeZone, zonedToInstant } from "./zoned-time";

describe("a banner's window as the admin types it", () => {
  it("reads a datetime-local value in the admin's time zone, summer or winter", () => {
    expect(zonedToInstant("2026-11-24T09:00", "Europe/Paris")).toBe("2026-11-24T08:00:00.000Z");
    expect(zonedToInstant("2026-07-01T09:00", "Europe/Paris")).toBe("2026-07-01T07:00:00.000Z");
    expect(zonedToInstant("2026-07-01T09:00", "America/New_York")).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedToInstant("2026-07-01T09:00", "UTC")).toBe("2026-07-01T09:00:00.000Z");
  });

  it("gets the days of a clock change right", () => {
    // Paris goes from +1 to +2 at 02:00 on 29 March 2026, and back at 03:00 on 25 October.
    expect(zonedToInstant("2026-03-29T01:30", "Europe/Paris")).toBe("2026-03-29T00:30:00.000Z");
    expect(zonedToInstant("2026-03-29T03:30", "Europe/Paris")).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedToInstant("2026-10-25T12:00", "Europe/Paris")).toBe("2026-10-25T11:00:00.000Z");
  });

  it("shows a stored instant in the same zone, so a saved form comes back as it was typed", () => {
    for (const local of ["2026-11-24T09:00", "2026-07-01T23:45", "2027-01-01T00:00"]) {
      for (const zone of ["Europe/Paris", "America/Los_Angeles", "Asia/Kolkata", "UTC"]) {
        expect(instantToZoned(zonedToInstant(local, zone), zone)).toBe(local);
      }
    }
    expect(instantToZoned(null, "UTC")).toBe("");
  });

  it("leaves empty values empty and passes anything else on for the server to refuse", () => {
    expect(zonedToInstant("", "Europe/Paris")).toBe("");
    expect(zonedToInstant("next tuesday", "Europe/Paris")).toBe("next tuesday");
  });

  it("falls back to UTC for a zone it does not know", () => {
    expect(knownTimeZone("Mars/Olympus")).toBe("UTC");
    expect(knownTimeZone(undefined)).toBe("UTC");
    expect(zonedToInstant("2026-07-01T09:00", "Mars/Olympus")).toBe("2026-07-01T09:00:00.000Z");
  });
});
