import { describe, expect, it } from "vitest";
import { pageAddress } from "./page-address.server";

const page = (url: string) => pageAddress(new Request(url));

describe("the page a request is for", () => {
  it("names the page of a data request, without React Router's own parameters", () => {
    expect(page("http://shop.test/admin-dashboard/orders.data?status=pending&_routes=routes%2Fadmin%2Forders")).toBe("/admin-dashboard/orders?status=pending");
    expect(page("http://shop.test/admin-dashboard/users/_.data")).toBe("/admin-dashboard/users/");
    expect(page("http://shop.test/_.data")).toBe("/");
    expect(page("http://shop.test/update-profile.data?index")).toBe("/update-profile");
    expect(page("http://shop.test/admin-dashboard/contact-messages.data?index=&page=2")).toBe("/admin-dashboard/contact-messages?page=2");
  });

  // An action's redirect back to its list and the sign-in page's way back both read these.
  it("keeps a page's own index parameter and reads the root's data request as /", () => {
    expect(page("http://shop.test/admin-dashboard/all-products.data?index=3&q=mug")).toBe("/admin-dashboard/all-products?index=3&q=mug");
    expect(page("http://shop.test/_root.data")).toBe("/");
  });

  it("keeps a page request as it is", () => {
    expect(page("http://shop.test/admin-dashboard/orders?page=2&sort=-total")).toBe("/admin-dashboard/orders?page=2&sort=-total");
    expect(page("http://shop.test/")).toBe("/");
  });
});
