import { describe, expect, it } from "vitest";
import { readSettingsForm } from "./settings-form.server";

describe("the settings form's submission", () => {
  it("keeps the shop's languages and currencies as the form carried them", () => {
    const form = new FormData();
    form.set("siteName", "Corner & Co");
    const markets = {
      languages: [{ code: "en" }, { code: "de", currency: "EUR" }],
      currencies: [{ code: "EUR", rate: 0.92, rounding: "0.99", cashOnDelivery: true }],
    };
    form.set("markets", JSON.stringify(markets));
    const { body } = readSettingsForm(form);
    expect(body).toMatchObject(markets);
  });

  it("leaves them out when the form carries none (the service's defaults decide)", () => {
    const form = new FormData();
    form.set("markets", "not json");
    const { body } = readSettingsForm(form);
    expect(body).not.toHaveProperty("currencies");
    expect(body).not.toHaveProperty("languages");
  });
});
