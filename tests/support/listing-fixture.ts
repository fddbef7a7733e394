import type { FixtureProduct } from "./catalog-fixture";

// Products whose listed price differs from their base price, shared by the API and the
// browser tests of the listing rule.
export const LISTING_CATEGORIES = { Electronics: ["Phones"], Beauty: [] as string[] };

/** No variant at the base price, and the cheapest one is sold out: listed at $1,059.99 "From". */
export const AERO_PRO: FixtureProduct = {
  name: "Aero Pro Smartphone",
  price: 95999,
  category: "Electronics",
  subCategory: "Phones",
  variants: [
    { color: "Black", size: "128 GB", additional: 0, stock: 0 },
    { color: "Black", size: "256 GB", additional: 10000, stock: 4 },
    { color: "Black", size: "512 GB", additional: 20000, stock: 3 },
  ],
};

/** Every colour costs the same (no "From"), each with its own pictures. */
export const ORBIT_CASE: FixtureProduct = {
  name: "Orbit Case",
  price: 2999,
  category: "Electronics",
  subCategory: "Phones",
  colorImages: { Red: ["/uploads/products/orbit-red.webp"], Blue: ["/uploads/products/orbit-blue.webp", "/uploads/products/orbit-blue-back.webp"] },
  variants: [
    { color: "Red", stock: 2 },
    { color: "Blue", stock: 2 },
  ],
};

/** Discounted, the cheap size sold out: the card and the page both say $16.79. */
export const ARGAN_SHAMPOO: FixtureProduct = {
  name: "Argan Shampoo",
  price: 1199,
  discount: 20,
  category: "Beauty",
  variants: [
    { size: "250 ml", stock: 0 },
    { size: "500 ml", additional: 900, stock: 6 },
  ],
};
