import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#common/i18n/languages";
import type { Db } from "../../db/database";
import { listActiveBrands, listActiveNames, listTranslatedNames } from "./search.repo";
import { indexWords, normaliseName } from "./search.text";
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

/** Every page of a paged read of names (by id), giving the event loop back between pages. */
async function eachName(read: (after: string | null) => Promise<Array<{ id: string; name: string }>>, use: (name: string) => void): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) use(row.name);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Per language, the words of names and category names that only other languages use: typo
 * correction on a page in that language never turns a word into one of them ("bots" is not the
 * French "cache-pots" on an English page). A language's own words are its translated product
 * names and its category names; the default language's are the products' names, brands and the
 * default category names, which every language shows where a text is not translated. Only the
 * translated words are held; the default names are read once to strike those they share.
 */
export async function loadForeignWords(db: Db, categoryNames: ReadonlyMap<Language, readonly string[]>): Promise<Map<Language, Set<string>>> {
  const own = new Map<Language, Set<string>>(LANGUAGES.map((l) => [l, new Set<string>()]));
  const add = (language: Language, text: string) => {
    for (const word of indexWords(text)) own.get(language)!.add(word);
  };
  for (const language of LANGUAGES) {
    for (const name of categoryNames.get(language) ?? []) add(language, name);
    if (language !== DEFAULT_LANGUAGE)
      await eachName(
        (after) => listTranslatedNames(db, language, after, PAGE),
        (name) => add(language, name),
      );
  }
  const defaults = own.get(DEFAULT_LANGUAGE)!;
  const translated = new Set<string>();
  for (const language of LANGUAGES) if (language !== DEFAULT_LANGUAGE) for (const word of own.get(language)!) if (!defaults.has(word)) translated.add(word);
  const foreign = new Map<Language, Set<string>>(LANGUAGES.map((l) => [l, new Set<string>()]));
  if (translated.size === 0) return foreign;
  // The default texts: a translated word they also use is every language's word.
  const strike = (text: string) => {
    for (const word of indexWords(text)) translated.delete(word);
  };
  for (const brand of await listActiveBrands(db)) strike(brand);
  await eachName((after) => listActiveNames(db, after, PAGE), strike);
  for (const language of LANGUAGES) {
    const mine = own.get(language)!;
    for (const word of translated) if (!mine.has(word)) foreign.get(language)!.add(word);
  }
  return foreign;
}
