import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PublicReview, ReviewPage } from "#modules/reviews";
import type { Language } from "#common/i18n/languages";
import { routeMessages } from "#common/i18n/messages.server";
import { inPage } from "#tests/support/page-language";
import { RouteMessages } from "~/lib/i18n";
import { ReviewsSection, type ReviewWriter } from "./reviews-section";
import { StarRating } from "../star-rating";

const review = (n: number, over: Partial<PublicReview> = {}): PublicReview => ({
  id: `r${n}`,
  rating: 5,
  title: `Title ${n}`,
  text: "Lovely <b>mug</b>",
  author: "Ada L.",
  verifiedBuyer: true,
  helpful: 3,
  reply: null,
  photos: [],
  createdAt: "2026-11-02T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
  ...over,
});

const page = (data: PublicReview[], distribution = { "1": 0, "2": 1, "3": 0, "4": 0, "5": 2 }): ReviewPage => {
  const count = Object.values(distribution).reduce((a, b) => a + b, 0);
  const stars = Object.entries(distribution).reduce((a, [k, v]) => a + Number(k) * v, 0);
  return {
    data,
    meta: { average: count ? Math.round((stars / count) * 10) / 10 : null, count, distribution, page: 1, pages: Math.max(1, Math.ceil(count / 10)) },
  };
};

const visitor: ReviewWriter = { signedIn: false, canReview: false, review: null };

/** The section as the product page shows it: with the reviews' messages its loader hands over. */
function onPage(node: React.ReactNode, language: Language = "en") {
  return renderToString(inPage(<RouteMessages messages={routeMessages(language, ["reviews"])}>{node}</RouteMessages>, { language, path: "/products/mug" }));
}

function section(initial: ReviewPage, { language = "en" as Language, writer = visitor, rating = null as number | null, token = null as string | null } = {}) {
  return onPage(<ReviewsSection slug="mug" initial={initial} query={{ sort: "newest", rating, page: 1 }} writer={writer} token={token} />, language);
}

describe("StarRating", () => {
  it("names the average (and the count) for screen readers in the page's language", () => {
    expect(renderToString(inPage(<StarRating average={4.26} count={12} />))).toContain('aria-label="4.3 out of 5 stars, 12 reviews"');
    expect(renderToString(inPage(<StarRating average={4.3} />, { language: "de" }))).toContain('aria-label="4,3 von 5 Sternen"');
  });
});

describe("ReviewsSection", () => {
  it("says there are no reviews yet, and asks a visitor to sign in to write one", () => {
    const html = section(page([], { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 }));
    expect(html).toContain("No reviews yet");
    expect(html).toContain("Sign in to write a review");
    expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent("/products/mug#reviews")}"`);
    expect(html).not.toContain("Sort by");
  });

  it("links each star that has reviews to the list filtered to it, works without JavaScript, and escapes what reviewers wrote", () => {
    const html = section(page([review(1, { reply: { text: "Thank you!", at: "2026-11-03T10:00:00.000Z" } }), review(2), review(3, { rating: 2 })]));
    expect(html).toContain('href="/products/mug?rating=5#reviews"');
    expect(html).toContain('href="/products/mug?rating=2#reviews"');
    expect(html).not.toContain("rating=4#reviews");
    expect(html).toContain('aria-label="5 stars: 2 reviews"');
    expect(html).toContain("Verified buyer");
    expect(html).toContain("Reply from the shop");
    expect(html).toContain("Helpful (3)");
    expect(html).toContain("Lovely &lt;b&gt;mug&lt;/b&gt;");
    expect(html).toContain("Nov 2, 2026");
  });

  it("marks the star the list is filtered to and offers every review again", () => {
    const html = section(page([review(3, { rating: 2 })]), { rating: 2 });
    expect(html).toMatch(/aria-current="true"[^>]*href="\/products\/mug#reviews"|href="\/products\/mug#reviews"[^>]*aria-current="true"/);
    expect(html).toContain("Show all reviews");
  });

  it("tells a signed-in customer who did not receive the product why they cannot review it, and offers a buyer the form", () => {
    expect(section(page([]), { writer: { signedIn: true, canReview: false, review: null } })).toContain(
      "Only customers who bought this product and received it can review it.",
    );
    expect(section(page([]), { writer: { signedIn: true, canReview: true, review: null } })).toContain("Write a review");
  });

  it("opens the form for the holder of a mailed review link, signed in or not", () => {
    const html = section(page([]), { token: "signed-token" });
    expect(html).not.toContain("Sign in to write a review");
    expect(html).toContain("Opening the form…");
  });

  it("speaks German on a German page", () => {
    const html = section(page([review(1)]), { language: "de" });
    expect(html).toContain("Kundenbewertungen");
    expect(html).toContain("Verifizierter Kauf");
    expect(html).toContain("Hilfreich (3)");
    expect(html).toContain("2.&nbsp;Nov. 2026".replace("&nbsp;", " "));
  });
});
