import type { Language } from "#common/i18n/languages";
import type { Db } from "../../db/database";
import { listActiveNames, listTranslatedNames } from "./search.repo";
import { normaliseName } from "./search.text";
import { type TrigramIndex, createTrigramIndexBuilder } from "./trigram";

/** Names read per query while loading: each page is a short query and a short indexing step. */
const PAGE = 1_000;

/**
 * The similar-names index (trigram.ts) of every active product's name, the same on both engines;
 * with a language, of the names translated into it (the search in that language looks in both).
 * The names are read in pages by id, and the event loop is given back between pages, so a large
 * catalogue (100,000 names: about a second of work) never holds other requests for long.
 */
export async function loadNameIndex(db: Db, language?: Language): Promise<TrigramIndex> {
  const builder = createTrigramIndexBuilder();
  let after: string | null = null;
  for (;;) {
    const rows: Array<{ id: string; name: string }> = language ? await listTranslatedNames(db, language, after, PAGE) : await listActiveNames(db, after, PAGE);
    builder.add(rows.map((r) => ({ id: r.id, name: normaliseName(r.name) })));
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return builder.finish();
}
