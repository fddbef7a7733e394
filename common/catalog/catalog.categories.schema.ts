import { z } from "zod";
import { imageField } from "../images/image-field";
import { translatedText, translationsSchema } from "#common/translations";

/** A slug as the storefront's addresses use it. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Empty form fields count as "not given". */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const name = z.string({ message: "Give the category a name" }).trim().min(1, "Give the category a name").max(80, "The name can be at most 80 characters");
const slug = z.preprocess(
  blankToUndefined,
  z
    .string({ message: "The slug is text" })
    .trim()
    .toLowerCase()
    .max(80, "The slug can be at most 80 characters")
    .regex(SLUG, "Use lower-case letters, digits and single dashes, such as summer-dresses")
    .optional(),
);
const parentId = z.preprocess(blankToNull, z.string({ message: "Choose a parent category" }).trim().max(64, "There is no such category").nullable());
const description = z.preprocess(
  blankToNull,
  z.string({ message: "The description is text" }).trim().max(2000, "The description can be at most 2000 characters").nullable(),
);
const sortOrder = z.coerce
  .number({ message: "The position is a number" })
  .int("The position is a whole number")
  .min(0, "The position is 0 or more")
  .max(100_000, "The position is at most 100000");
const hidden = z.boolean({ message: "Hidden is true or false" });

/** A category's texts in another language: each one left blank shows the default language's. */
export const categoryTranslationSchema = z.object({
  name: translatedText("The name", 80),
  description: translatedText("The description", 2000),
});
export type CategoryTranslation = z.output<typeof categoryTranslationSchema>;
/** `{ de: { name, description }, … }`: given, it replaces the category's translations (a language left out is not translated). */
const translations = translationsSchema(categoryTranslationSchema);

/**
 * A new category (POST /api/admin/categories, the add-category screen). A sub-category is a
 * category with `parentId` (a top-level category: two levels at most). Without `slug` one is made
 * from the name; `sortOrder` is its position among its siblings (default: last).
 */
export const categoryCreateSchema = z.object({
  name,
  slug,
  parentId: parentId.optional(),
  image: imageField("category").optional(),
  description: description.optional(),
  sortOrder: sortOrder.optional(),
  hidden: hidden.optional(),
  translations: translations.optional(),
});
export type CategoryCreateInput = z.infer<typeof categoryCreateSchema>;

/**
 * Changes to a category (PATCH /api/admin/categories/{id}): only the fields sent change. A new name
 * makes a new slug unless `slug` is sent; the old slug keeps answering with a 301. `parentId` moves
 * it (null: to the top level), `sortOrder` is its new position among its siblings. `version`, when
 * sent, must be the one read (409 otherwise).
 */
export const categoryUpdateSchema = z.object({
  name: name.optional(),
  slug,
  parentId: parentId.optional(),
  image: imageField("category").optional(),
  description: description.optional(),
  sortOrder: sortOrder.optional(),
  hidden: hidden.optional(),
  translations: translations.optional(),
  version: z.number({ message: "The version is a number" }).int().min(1).optional(),
});
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;

/** DELETE /api/admin/categories/{id}?moveTo={id}: where its products go, when it has any. */
export const categoryDeleteQuery = z.object({
  moveTo: z.preprocess(blankToUndefined, z.string().trim().max(64, "There is no such category").optional()),
});
export type CategoryDeleteOptions = z.infer<typeof categoryDeleteQuery>;

/** The new order of a category's sub-categories (or of the top level): every sibling's id, once. */
export const categoryReorderSchema = z.object({
  parentId: parentId.optional(),
  ids: z.array(z.string().trim().min(1).max(64), { message: "List the categories in their new order" }).min(1).max(1000),
});
export type CategoryReorderInput = z.infer<typeof categoryReorderSchema>;
