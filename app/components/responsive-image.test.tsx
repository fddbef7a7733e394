import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImageBaseProvider } from "~/lib/image-base";
import { ResponsiveImage } from "./responsive-image";

const SIZES = "(min-width: 640px) 50vw, 100vw";

/** A whole document around the image, as the server renders a page: React puts preloads into its head. */
function page(image: React.ReactNode) {
  const html = renderToString(
    <html lang="en">
      <head>
        <title>t</title>
      </head>
      <body>{image}</body>
    </html>,
  );
  return { head: html.slice(0, html.indexOf("</head>")), body: html.slice(html.indexOf("<body")) };
}

const attr = (tag: string | undefined, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag ?? "")?.[1];

describe("ResponsiveImage", () => {
  it("preloads a page's largest paint from the head in AVIF, at a phone's width too, and loads it eagerly", () => {
    const { head, body } = page(<ResponsiveImage src="/uploads/banners/spring.webp" alt="Spring" kind="banner" sizes={SIZES} priority avif />);
    const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(attr(preloads[0], "type")).toBe("image/avif");
    expect(attr(preloads[0], "fetchPriority")).toBe("high");
    expect(attr(preloads[0], "imageSizes")).toBe(SIZES);
    expect(attr(preloads[0], "imageSrcSet")).toContain("/uploads/banners/spring-828.avif 828w");

    expect(body).toContain(`<source type="image/avif" srcSet="${attr(preloads[0], "imageSrcSet")}" sizes="${SIZES}"/>`);
    const img = /<img[^>]*>/.exec(body)![0];
    expect(attr(img, "loading")).toBe("eager");
    expect(attr(img, "fetchPriority")).toBe("high");
    expect(attr(img, "decoding")).toBe("async");
    expect(attr(img, "srcSet")).toContain("/uploads/banners/spring-828.webp 828w");
  });

  it("preloads the WebP sources of a priority image without AVIF", () => {
    const { head, body } = page(<ResponsiveImage src="/uploads/products/shoe.webp" alt="Shoe" kind="product" sizes={SIZES} priority />);
    const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(attr(preloads[0], "type")).toBeUndefined();
    expect(attr(preloads[0], "fetchPriority")).toBe("high");
    expect(attr(preloads[0], "imageSrcSet")).toBe(
      "/uploads/products/shoe-320.webp 320w, /uploads/products/shoe-640.webp 640w, /uploads/products/shoe.webp 1024w",
    );
    expect(body).not.toContain("<picture");
    expect(attr(/<img[^>]*>/.exec(body)![0], "loading")).toBe("eager");
  });

  it("loads other images lazily, without a preload", () => {
    const { head, body } = page(<ResponsiveImage src="/uploads/banners/later.webp" alt="" kind="banner" sizes={SIZES} avif />);
    expect(head).not.toContain('rel="preload"');
    const img = /<img[^>]*>/.exec(body)![0];
    expect(attr(img, "loading")).toBe("lazy");
    expect(attr(img, "fetchPriority")).toBeUndefined(); // the default, not written out on every tile
    expect(body).toContain('<source type="image/avif"');
  });

  it("loads a stored picture from the object store's address under the page's image base, or the one it is given", () => {
    const cdn = "https://cdn.example.com/shop";
    const { head, body } = page(
      <ImageBaseProvider value={cdn}>
        <ResponsiveImage src="/uploads/banners/spring.webp" alt="Spring" kind="banner" sizes={SIZES} priority avif />
      </ImageBaseProvider>,
    );
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(head)![0];
    expect(attr(preload, "imageSrcSet")).toContain(`${cdn}/banners/spring-828.avif 828w`);
    const img = /<img[^>]*>/.exec(body)![0];
    expect(attr(img, "src")).toBe(`${cdn}/banners/spring-828.webp`);
    expect(
      attr(img, "srcSet")
        ?.split(", ")
        .every((c) => c.startsWith(`${cdn}/banners/`)),
    ).toBe(true);
    expect(attr(/<source[^>]*>/.exec(body)![0], "srcSet")).toContain(`${cdn}/banners/spring-640.avif 640w`);
    // Markup rendered outside the page (a cached tile) is given the base; an external picture stays as it is.
    expect(page(<ResponsiveImage src="/uploads/products/shoe.webp" alt="" kind="product" sizes={SIZES} base={cdn} />).body).toContain(
      `src="${cdn}/products/shoe-640.webp"`,
    );
    expect(page(<ResponsiveImage src="https://elsewhere.example/shoe.webp" alt="" kind="product" sizes={SIZES} base={cdn} />).body).toContain(
      'src="https://elsewhere.example/shoe.webp"',
    );
  });
});
