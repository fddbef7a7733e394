// The catalog module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Products, variants and categories: the storefront's reads, the admin's writes and the listed-price rule.
export { type AdminProductRow, type CatalogAdmin, createCatalogAdmin, type ImportReport } from "./catalog.admin";
export { type AdminCategory, type AdminCategoryNode, createCategoriesAdmin } from "./catalog.categories";
export { type ListingChange, refreshListedPrices } from "./catalog.listing";
export { writeProductRating } from "./catalog.rating.repo";
export { createCatalogRepo } from "./catalog.repo";
export { type CatalogService, createCatalogService, type Purchasable } from "./catalog.service";
export type { Category, ProductCard, ProductDetail, ProductRating, ProductVariant, StockSetting } from "./catalog.types";
export { listedPrice, variantPrice } from "./pricing";

export type { AdminProduct, AdminVariant } from "./catalog.admin";
