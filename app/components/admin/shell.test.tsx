import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import enAdmin from "#common/i18n/messages/en/admin";
import { inAdmin } from "#tests/support/page-language";
import { navFor } from "./admin-nav";
import { AdminNav } from "./shell";

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the admin sidebar", () => {
  it("reads its labels and badges from the admin catalog", () => {
    const nav = navFor({ role: "staff", permissions: ["orders"] });
    const html = renderToString(inAdmin(<AdminNav nav={nav} counts={{ pendingOrders: 3 }} label="Admin" />, "/admin-dashboard/orders"));
    expect(enAdmin["admin.nav.allOrders"]).toBe("All orders");
    expect(text(html)).toBe("Dashboard Orders All orders Pending 3 (3 pending) Completed Order management Returns Gift cards");
    expect(html).toContain('aria-current="page"');
    // No key is left untranslated.
    expect(text(html)).not.toContain("admin.");
  });
});
