import { describe, expect, it } from "vitest";
import { acceptedCoding } from "./compression";

describe("acceptedCoding", () => {
  it("takes brotli when the browser accepts it, else gzip, else nothing", () => {
    expect(acceptedCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedCoding("gzip, deflate")).toBe("gzip");
    expect(acceptedCoding("x-gzip")).toBe("gzip");
    expect(acceptedCoding("deflate")).toBeNull();
    expect(acceptedCoding("")).toBeNull();
    expect(acceptedCoding(undefined)).toBeNull();
  });

  it("never sends a coding the browser refuses with q=0", () => {
    expect(acceptedCoding("br;q=0, gzip")).toBe("gzip");
    expect(acceptedCoding("br; q=0.0, gzip;q=0")).toBeNull();
    expect(acceptedCoding("br;q=0.5, gzip;q=1")).toBe("br");
  });
});
