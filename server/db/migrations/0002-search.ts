import type { Kysely } from "kysely";
import type { Dialect } from "../database";

/** Full-text search index (placeholder until the search module lands). */
export function searchMigration(_dialect: Dialect) {
  return {
    async up(_db: Kysely<any>) {},
  };
}
