import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "#common/content/content.schema";
import { readSettingsForm, settingsFieldErrors } from "./settings-form.server";

/** A form as the settings page posts it (names as its inputs have them). */
function formOf(entries: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

/** The settings schema's field errors for the section's part of a body (the rest left to its defaults), as the service answers them. */
function issuesOf(body: Record<string, unknown>): Record<string, string> {
  const parsed = siteSettingsSchema.safeParse({ currency: "USD", languages: body.languages, currencies: body.currencies });
  return Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

/** The languages and currencies section as the page shows it: English always, German ticked, French and Spanish not. */
const markets: Array<[string, string]> = [
  ["languages.en.currency", ""],
  ["languages.de.served", "on"],
  ["languages.de.currency", "EUR"],
  ["languages.fr.currency", ""],
  ["languages.es.currency", ""],
  ["currencies.0.code", "EUR"],
  ["currencies.0.rate", "0.92"],
  ["currencies.0.rounding", "0.99"],
  ["currencies.0.cashOnDelivery", "on"],
  ["currencies.1.code", "gbp"],
  ["currencies.1.rate", " 0.8 "],
  ["currencies.1.rounding", "none"],
];

describe("the settings form's languages and currencies", () => {
  it("post the served languages (the default one always) with their currency, and each currency's row", () => {
    const { body } = readSettingsForm(formOf(markets));
    expect(body.languages).toEqual([{ code: "en" }, { code: "de", currency: "EUR" }]);
    expect(body.currencies).toEqual([
      { code: "EUR", rate: 0.92, rounding: "0.99", cashOnDelivery: true },
      { code: "GBP", rate: 0.8, rounding: "none", cashOnDelivery: false },
    ]);
    // What the settings schema takes: the page and the API check one rule.
    expect(issuesOf(body)).toEqual({});
  });

  it("skip the empty row of the page without JavaScript and a row ticked for removal", () => {
    const { body } = readSettingsForm(
      formOf([
        ...markets,
        ["currencies.0.remove", "on"],
        // The empty row: its rounding and cash on delivery have their defaults, its code and rate nothing.
        ["currencies.2.code", ""],
        ["currencies.2.rate", ""],
        ["currencies.2.rounding", "none"],
        ["currencies.2.cashOnDelivery", "on"],
      ]),
    );
    expect((body.currencies as Array<{ code: string }>).map((c) => c.code)).toEqual(["GBP"]);
  });

  it("take a filled-in new row, and never send a rate's date (the server stamps it)", () => {
    const { body } = readSettingsForm(
      formOf([
        ...markets,
        ["currencies.2.code", "CHF"],
        ["currencies.2.rate", "0.88"],
        ["currencies.2.rounding", "0.95"],
        ["currencies.2.rateSetAt", "2001-01-01T00:00:00.000Z"],
      ]),
    );
    const currencies = body.currencies as Array<Record<string, unknown>>;
    expect(currencies.at(-1)).toEqual({ code: "CHF", rate: 0.88, rounding: "0.95", cashOnDelivery: false });
    expect(currencies.every((c) => !("rateSetAt" in c))).toBe(true);
  });

  it("send no currency when every row is removed, so the shop offers its own alone", () => {
    const { body } = readSettingsForm(formOf(markets.filter(([name]) => !name.startsWith("currencies."))));
    expect(body.currencies).toEqual([]);
  });

  it("put the service's errors beside the row the owner sees: rows renumbered past the skipped ones, languages by code", () => {
    const submission = readSettingsForm(
      formOf([...markets, ["currencies.0.remove", "on"], ["currencies.2.code", "GBP"], ["currencies.2.rate", "0.81"], ["currencies.2.rounding", "none"]]),
    );
    // The service numbers the rows it got: GBP (form row 1) is 0, the new row (form row 2) is 1.
    const errors = settingsFieldErrors(issuesOf(submission.body), submission);
    expect(errors).toEqual({
      "currencies.2.code": "GBP is listed twice",
      // German's EUR is no longer offered once its row is removed.
      "languages.de.currency": "EUR is not one of the shop's currencies",
    });
  });

  it("say a rate that is no number in the form's words, on its row", () => {
    const submission = readSettingsForm(formOf([...markets, ["currencies.0.remove", "on"], ["currencies.2.code", "CHF"], ["currencies.2.rate", "a lot"]]));
    expect(settingsFieldErrors(issuesOf(submission.body), submission)).toEqual({ "currencies.2.rate": "Enter a number" });
  });

  it("leave both out when the form has no such section (the service's defaults decide)", () => {
    const { body } = readSettingsForm(formOf([["siteName", "Corner & Co"]]));
    expect(body).not.toHaveProperty("currencies");
    expect(body).not.toHaveProperty("languages");
  });
});

describe("the settings form's reviews section", () => {
  it("posts the moderation, the days (blank: 0, no mails) and one blocked word or phrase a line", () => {
    const { body } = readSettingsForm(
      formOf([
        ["reviews.moderation", "hold"],
        ["reviews.requestAfterDays", " 14 "],
        ["reviews.blocklist", "scam\n  fake news \n\nspam"],
      ]),
    );
    expect(body.reviews).toEqual({ moderation: "hold", requestAfterDays: 14, blocklist: ["scam", "fake news", "spam"] });
    const blank = readSettingsForm(
      formOf([
        ["reviews.moderation", "publish"],
        ["reviews.requestAfterDays", ""],
        ["reviews.blocklist", ""],
      ]),
    );
    expect(blank.body.reviews).toEqual({ moderation: "publish", requestAfterDays: 0, blocklist: [] });
  });

  it("leaves the reviews out of a form without the section, and puts a bad blocked word's error on the list", () => {
    expect(readSettingsForm(formOf([["siteName", "Shop"]])).body).not.toHaveProperty("reviews");
    const submission = readSettingsForm(
      formOf([
        ["reviews.moderation", "hold"],
        ["reviews.requestAfterDays", "seven"],
        ["reviews.blocklist", "x"],
      ]),
    );
    expect(settingsFieldErrors({ "reviews.blocklist.0": "Too long", "reviews.requestAfterDays": "Not a number" }, submission)).toEqual({
      "reviews.blocklist": "Too long",
      "reviews.requestAfterDays": "Enter a number",
    });
  });
});
