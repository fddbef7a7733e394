/** A product's pictures as stored: the gallery (`images`) and which of them show each colour. */
export interface ProductPictures {
  images: string[];
  colorImages: Record<string, string[]>;
}

/** Reads `products.color_images`; anything unreadable counts as no colour pictures. */
export function parseColorImages(json: string | null | undefined): Record<string, string[]> {
  try {
    const value = JSON.parse(json ?? "{}") as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const out: Record<string, string[]> = {};
    for (const [color, list] of Object.entries(value)) {
      if (Array.isArray(list)) out[color] = list.filter((x): x is string => typeof x === "string");
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The pictures to show for a colour: that colour's own pictures when it has any, else every picture
 * of the product. The gallery, the cart line and the order line all use it, so a shopper sees the
 * colour they chose wherever the product appears.
 */
export function picturesFor(product: ProductPictures, color: string | null | undefined): string[] {
  const own = color ? product.colorImages[color] : undefined;
  return own && own.length > 0 ? own : product.images;
}
