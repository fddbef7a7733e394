import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * The search's GIN indexes keep their list of not-yet-sorted entries short.
 *
 * PostgreSQL adds a GIN index's new entries to a pending list, unsorted, and every search through
 * the index reads that whole list besides the sorted part. The list is merged in when it passes
 * `gin_pending_list_limit` (4 MB by default) or when (auto)vacuum runs, so after a catalogue's
 * products are written it holds up to 4 MB per index until then; with autovacuum off, until the
 * limit is passed, and a long list slows every distinct search. A limit of 128 kB (16 pages) per
 * index bounds what a search reads, and the writes still merge their entries in batches (far
 * cheaper than `fastupdate` off, one entry at a time).
 *
 * SQLite needs nothing: FTS5 merges its segments as it writes.
 */
const INDEXES = ["product_search_doc_idx", "product_search_head_idx", "product_search_name_idx"];

export function searchPendingListMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "postgres") return;
      for (const index of INDEXES) {
        await sql.raw(`ALTER INDEX ${index} SET (gin_pending_list_limit = 128)`).execute(db);
        // Whatever is pending now is merged at once, not at the next write past the new limit.
        await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
      }
    },
    async down(db: Kysely<any>) {
      if (dialect !== "postgres") return;
      for (const index of INDEXES) await sql.raw(`ALTER INDEX ${index} RESET (gin_pending_list_limit)`).execute(db);
    },
  };
}
