import { describe, expect, it } from "vitest";
import { waitText } from "./rate-limit";

describe("waitText, the one wording of every limit's wait", () => {
  it("says seconds up to a minute and a half, then minutes, then hours, rounded up", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(60)).toBe("60 seconds");
    expect(waitText(89)).toBe("89 seconds");
    expect(waitText(90)).toBe("2 minutes");
    expect(waitText(599)).toBe("10 minutes");
    expect(waitText(3600)).toBe("1 hour");
    expect(waitText(3601)).toBe("2 hours");
  });
});
