/**
 * Lower-case, dash-separated slug from any text, at most 80 characters and never ending in a
 * dash. Pure (no Node modules), so the admin's form previews the address with the same rule the
 * server applies.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
