// `npm run db:seed`: fills the database named by DATABASE_URL with the demo shop, pictures in the object store (STORAGE_URL).
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/migrations/migrate";
import { DEFAULT_PRODUCTS, countCatalog, seedDemo, wipeCatalog } from "../server/seed/seed";
import { loadEnv } from "../server/lib/env";
import { objectStoreFromEnv } from "#modules/storage";

const USAGE = `Usage: npm run db:seed -- [--products N] [--reset] [--no-images]

Creates the demo shop (categories, products with variants and pictures, banners, settings)
in the database named by DATABASE_URL, with its pictures in the object store (STORAGE_URL,
else the folder UPLOADS_DIR). Migrates first.

  --products N   number of active products (default ${DEFAULT_PRODUCTS}); e.g. 100000 for benchmarks
  --reset        delete the existing catalogue (products, variants, categories, banners) first;
                 site settings are kept
  --no-images    store picture URLs without writing the files (faster, for throwaway databases)
  -h, --help     show this help`;

/** A database URL fit for printing: the file for SQLite, the server and database without password for PostgreSQL. */
function describeDatabase(url: string): string {
  if (url.startsWith("file:")) return `SQLite ${url.slice("file:".length)}`;
  const u = new URL(url);
  return `PostgreSQL ${u.host}${u.pathname}`;
}

function parseCount(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PRODUCTS;
  const n = Number(text.replace(/[_,]/g, ""));
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) throw new Error(`--products takes a whole number from 1 to 10,000,000 (got "${text}")`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  let values: { products?: string; reset?: boolean; "no-images"?: boolean; help?: boolean };
  let products: number;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { products: { type: "string" }, reset: { type: "boolean" }, "no-images": { type: "boolean" }, help: { type: "boolean", short: "h" } },
      strict: true,
    }));
    products = parseCount(values.products);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }

  const env = loadEnv();
  const where = describeDatabase(env.DATABASE_URL);
  const db = openDatabase(env.DATABASE_URL);
  try {
    await migrateToLatest(db);
    const existing = await countCatalog(db);
    if (existing.products > 0 || existing.categories > 0) {
      if (!values.reset) {
        console.error(
          `${where} already has a catalogue (${existing.products} products, ${existing.categories} categories); nothing was changed.\n` +
            "To delete it and seed the demo shop again, run: npm run db:seed -- --reset",
        );
        return 1;
      }
      await wipeCatalog(db);
      console.log(`Deleted the catalogue of ${where} (${existing.products} products, ${existing.categories} categories).`);
    }
    console.log(`Seeding ${products.toLocaleString("en-US")} products into ${where}…`);
    const storage = objectStoreFromEnv(env);
    const result = await seedDemo(db, {
      storage,
      products: values.products === undefined ? undefined : products,
      writeImages: !values["no-images"],
      onProgress: (done, total) => console.log(`  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} products`),
    });
    const { images } = result;
    console.log(
      `Seeded ${result.products.toLocaleString("en-US")} active and ${result.drafts} draft products ` +
        `(${result.variants.toLocaleString("en-US")} variants), ${result.categories} categories and ${result.banners} banners ` +
        `in ${(result.ms / 1000).toFixed(1)} s. Pictures: ${images.distinct} distinct; ${images.rendered} rendered, ` +
        `${images.cached} copied from the cache, ${images.reused} already in ${storage.description}.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
