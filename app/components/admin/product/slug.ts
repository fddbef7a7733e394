/** The address a name gets: the server's own rule (common/slug.ts), which the form previews; the server decides and keeps it unique. */
export { slugify as slugFromName } from "#common/slug";
