import { describe, expect, it } from "vitest";
import { loginUrl, requireAccess, requireUser } from "./auth.server";

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

describe("the guard of a page in another language", () => {
  it("sends a signed-out visitor to the sign-in page in that language, and back to the page", () => {
    const context = {} as Parameters<typeof requireUser>[0];
    let thrown: unknown;
    try {
      requireUser(context, new Request("http://shop.test/es/my-orders.data?order=abc&_routes=routes%2Fmy-orders"));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(`/es/login?redirectTo=${encodeURIComponent("/es/my-orders?order=abc")}`);
    expect(loginUrl(new Request("http://shop.test/de/checkout"))).toBe("/de/login?redirectTo=%2Fde%2Fcheckout");
  });

  it("tells a customer on an admin page that it is for the staff, apostrophe and all", () => {
    const customer = { user: { id: "u1", role: "customer", permissions: [] } } as unknown as Parameters<typeof requireAccess>[0];
    let thrown: unknown;
    try {
      requireAccess(customer, new Request("http://shop.test/admin-dashboard"), "staff");
    } catch (err) {
      thrown = err;
    }
    expect((thrown as { data: { message: string } }).data.message).toBe("This page is for the shop's staff.");
  });
});
