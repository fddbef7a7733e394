import { describe, expect, it } from "vitest";
import { bucketStart, isoWeek, localDateOf, localMidnight, offsetStretches } from "./calendar";

const hours = (zone: string, day: string, next: string) => (localMidnight(zone, next) - localMidnight(zone, day)) / 3_600_000;

describe("the sales report's calendar", () => {
  it("gives a DST change day its 23 or 25 hours, and Kolkata its +5:30", () => {
    expect(hours("America/New_York", "2026-03-08", "2026-03-09")).toBe(23);
    expect(hours("America/New_York", "2026-11-01", "2026-11-02")).toBe(25);
    expect(hours("America/New_York", "2026-03-09", "2026-03-10")).toBe(24);
    expect(new Date(localMidnight("Asia/Kolkata", "2026-04-01")).toISOString()).toBe("2026-03-31T18:30:00.000Z");
    // Chile's spring change skips midnight: the day starts at 01:00, the first minute it has.
    expect(localDateOf("America/Santiago", localMidnight("America/Santiago", "2026-09-06"))).toBe("2026-09-06");
  });

  it("splits a range at each offset change, to the minute", () => {
    const stretches = offsetStretches("America/New_York", localMidnight("America/New_York", "2026-01-01"), localMidnight("America/New_York", "2027-01-01"));
    expect(stretches.map((s) => [new Date(s.until).toISOString(), s.offset])).toEqual([
      ["2026-03-08T07:00:00.000Z", -300],
      ["2026-11-01T06:00:00.000Z", -240],
      ["2027-01-01T05:00:00.000Z", -300],
    ]);
    expect(offsetStretches("Asia/Kolkata", 0, 86_400_000 * 400)).toEqual([{ until: 86_400_000 * 400, offset: 330 }]);
  });

  it("groups by ISO week from Monday and by month", () => {
    expect(bucketStart("2026-03-08", "week")).toBe("2026-03-02"); // a Sunday
    expect(bucketStart("2026-03-09", "week")).toBe("2026-03-09");
    expect(bucketStart("2026-03-31", "month")).toBe("2026-03-01");
    expect(isoWeek("2026-01-01")).toBe("2026-W01");
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
  });
});
