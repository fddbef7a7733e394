/**
 * The address a name gets, as the server makes it (server/lib/ids.ts slugify; slug.test.ts keeps
 * the two equal). A copy because that module also makes ids with node:crypto, which the browser
 * bundle cannot load; the form only previews it, the server decides (and keeps it unique).
 */
export function slugFromName(text: string): string {
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
