import type { ColumnType } from "kysely";

/** Timestamps are written as ISO strings; PostgreSQL reads them back as Date, SQLite as string. */
export type Timestamp = ColumnType<Date | string, string, string>;

export interface CategoryTable {
  id: string;
  name: string;
  slug: string;
  image: string | null;
  parent_id: string | null;
  sort_order: number;
  created_at: Timestamp;
}

export interface ProductTable {
  id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  discount: number;
  final_price: number;
  category_id: string;
  subcategory_id: string | null;
  brand: string | null;
  sku: string | null;
  stock: number;
  shipping_cost: number;
  status: "active" | "draft";
  images: string;
  specifications: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductVariantTable {
  id: string;
  product_id: string;
  color: string | null;
  color_hex: string | null;
  size: string | null;
  additional_price: number;
  stock: number;
  sku: string | null;
  sort_order: number;
}

export interface BannerTable {
  id: string;
  title: string;
  subtitle: string | null;
  image: string;
  link: string | null;
  sort_order: number;
  active: number;
  created_at: Timestamp;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  ip: string | null;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  product_variants: ProductVariantTable;
  banners: BannerTable;
  settings: SettingTable;
  contact_messages: ContactMessageTable;
}
