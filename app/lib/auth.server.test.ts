import { describe, expect, it } from "vitest";
import { loginUrl } from "./auth.server";

const back = (url: string) => decodeURIComponent(loginUrl(new Request(url)).replace("/login?redirectTo=", ""));

describe("the sign-in page's way back", () => {
  it("names the page of a data request, as loaders see it with the raw request", () => {
    expect(back("http://shop.test/my-orders.data?_routes=routes%2Fmy-orders")).toBe("/my-orders");
    expect(back("http://shop.test/my-orders.data?order=abc&_routes=routes%2Fmy-orders")).toBe("/my-orders?order=abc");
    expect(back("http://shop.test/admin-dashboard/users/_.data")).toBe("/admin-dashboard/users/");
    expect(back("http://shop.test/_.data")).toBe("/");
    expect(back("http://shop.test/_root.data")).toBe("/");
    expect(back("http://shop.test/update-profile.data?index")).toBe("/update-profile");
  });

  it("keeps a page request as it is", () => {
    expect(back("http://shop.test/checkout?shipping=standard")).toBe("/checkout?shipping=standard");
    expect(back("http://shop.test/")).toBe("/");
  });
});
