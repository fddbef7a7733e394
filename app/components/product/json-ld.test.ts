import { describe, expect, it } from "vitest";
import { absoluteUrl, htmlToText, productJsonLd, scriptJson, truncate } from "./json-ld";

describe("htmlToText", () => {
  it("drops tags and decodes entities, with words kept apart", () => {
    expect(htmlToText("<p>Soft&nbsp;cotton &amp; <strong>organic</strong>.</p><ul><li>One</li><li>Two&#39;s</li></ul>")).toBe(
      "Soft cotton & organic. One Two's",
    );
  });
});

describe("truncate", () => {
  it("cuts at a word boundary with an ellipsis", () => {
    expect(truncate("short", 10)).toBe("short");
    expect(truncate("The quick brown fox jumps over the lazy dog", 20)).toBe("The quick brown fox…");
  });
});

describe("productJsonLd", () => {
  const product = {
    name: "Classic Tee",
    slug: "classic-tee",
    image: ["/uploads/products/tee.webp", "https://cdn.example/tee2.webp"],
    description: "<p>Soft &amp; light.</p>",
    sku: "TEE-1",
    brand: "Acme",
    finalPrice: 17.1,
    inStock: true,
    category: "Men",
    priceVaries: false,
    variants: [] as Array<{ finalPrice: number; stock: number }>,
  };

  it("describes the product with absolute image URLs and the final price as the offer", () => {
    const ld = productJsonLd(product, { baseUrl: "https://shop.test/", currency: "EUR" });
    expect(ld.image).toEqual(["https://shop.test/uploads/products/tee.webp", "https://cdn.example/tee2.webp"]);
    expect(ld.description).toBe("Soft & light.");
    expect(ld.brand).toEqual({ "@type": "Brand", name: "Acme" });
    expect(ld.offers).toMatchObject({
      price: "17.10",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      url: "https://shop.test/products/classic-tee",
    });
  });

  it("says out of stock and leaves out a missing sku and brand", () => {
    const ld = productJsonLd({ ...product, inStock: false, sku: null, brand: null }, { baseUrl: "https://shop.test", currency: "USD" });
    expect(ld.offers.availability).toBe("https://schema.org/OutOfStock");
    expect("sku" in ld).toBe(false);
    expect("brand" in ld).toBe(false);
  });

  it("offers a range from the listed price to the dearest variant in stock when their prices differ", () => {
    const variants = [
      { finalPrice: 17.1, stock: 2 },
      { finalPrice: 21.5, stock: 1 },
      { finalPrice: 30, stock: 0 },
    ];
    const ld = productJsonLd({ ...product, priceVaries: true, variants }, { baseUrl: "https://shop.test", currency: "USD" });
    expect(ld.offers).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: "17.10",
      highPrice: "21.50",
      offerCount: 2,
      availability: "https://schema.org/InStock",
    });
    expect("price" in ld.offers).toBe(false);
  });
  it("gives search engines the rating and the first reviews when there are any, and neither without", () => {
    const reviews = {
      summary: { average: 4.5, count: 2 },
      reviews: [{ rating: 5, title: "Lovely", text: "Soft and light.", author: "Ada L.", createdAt: "2026-11-02T10:00:00.000Z" }],
    };
    const ld = productJsonLd(product, { baseUrl: "https://shop.test", currency: "EUR", reviews });
    expect(ld).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2 },
      review: [
        {
          "@type": "Review",
          author: { "@type": "Person", name: "Ada L." },
          datePublished: "2026-11-02",
          name: "Lovely",
          reviewBody: "Soft and light.",
          reviewRating: { "@type": "Rating", ratingValue: 5 },
        },
      ],
    });
    const none = productJsonLd(product, { baseUrl: "https://shop.test", currency: "EUR", reviews: { summary: { average: null, count: 0 }, reviews: [] } });
    expect(none).not.toHaveProperty("aggregateRating");
    expect(none).not.toHaveProperty("review");
  });
});

describe("scriptJson", () => {
  it("cannot close the script element it sits in", () => {
    const text = scriptJson({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });

  it("joins paths onto the public URL", () => {
    expect(absoluteUrl("https://shop.test", "/a")).toBe("https://shop.test/a");
    expect(absoluteUrl("https://shop.test/", "a")).toBe("https://shop.test/a");
  });
});
