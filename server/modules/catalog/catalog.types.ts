/** A product as listed on cards and in the spec's section 7 answers (money in the major unit). */
export interface ProductCard {
  _id: string;
  name: string;
  slug: string;
  /** The listed price (catalog/pricing.ts listedPrice): the cheapest variant one can buy, before the discount. */
  price: number;
  discount: number;
  /** What a shopper pays for that variant. */
  finalPrice: number;
  /** The buyable variants cost different amounts: shown as "From {finalPrice}". */
  priceVaries: boolean;
  image: string[];
  category: string;
  categorySlug: string;
  subCategory: string | null;
  subCategorySlug: string | null;
  shippingCost: number;
  brand: string | null;
  inStock: boolean;
  selectedColor: string | null;
  selectedSize: string | null;
  selectedAditionalPrice: number;
  createdAt: string;
  /** Its published reviews: the average of their stars to one decimal (null without reviews) and their count. */
  rating: ProductRating;
}

export interface ProductRating {
  average: number | null;
  count: number;
}

export interface ProductVariant {
  id: string;
  color: string | null;
  colorHex: string | null;
  size: string | null;
  additionalPrice: number;
  price: number;
  finalPrice: number;
  stock: number;
  sku: string | null;
}

export interface ProductDetail extends ProductCard {
  description: string;
  sku: string | null;
  stock: number;
  specifications: Array<{ name: string; value: string }>;
  colors: Array<{ name: string; hex: string | null }>;
  sizes: string[];
  variants: ProductVariant[];
  /** The variant the listed price names (the cheapest in stock): the page opens on it. */
  listedVariantId: string | null;
  /** Colour name → that colour's pictures (a subset of `image`). */
  colorImages: Record<string, string[]>;
  updatedAt: string;
}

export interface Category {
  _id: string;
  name: string;
  slug: string;
  image: string | null;
  order: number;
  productCount: number;
  subCategories: Array<{ _id: string; name: string; slug: string; image: string | null; order: number }>;
}

export interface Page<T> {
  data: T[];
  meta: { page: number; pageSize: number; total: number; totalPages: number };
}

/** Units to set on one product: its variants' (by id) or, for a product without variants, its own. */
export interface StockSetting {
  productId: string;
  /** The units of a product without variants. */
  stock?: number;
  /** Given (even empty) for a product with variants: these get their units, and the product then holds the sum of all of its variants'. */
  variants?: Array<{ id: string; stock: number }>;
}
