/** The address a name gets: the server's own rule (server/lib/slug.ts), which the form previews; the server decides and keeps it unique. */
export { slugify as slugFromName } from "../../../../server/lib/slug";
