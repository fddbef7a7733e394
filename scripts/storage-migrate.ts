// `npm run storage:migrate`: copies the pictures of the local uploads folder into the object store STORAGE_URL names.
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { type Env, loadEnv } from "../server/lib/env";
import { copyObjects, createObjectStore, objectStoreFromEnv } from "#modules/storage";

const USAGE = `Usage: npm run storage:migrate [-- --from DIR]

Copies every picture of the local uploads folder (UPLOADS_DIR, default ./data/uploads, or DIR)
into the object store STORAGE_URL names, e.g. an S3 bucket. A picture the store already holds at
the same size is skipped, so running it again finishes an interrupted copy and copies nothing
twice. The folder is left as it was.

  --from DIR   the folder to copy from (default: UPLOADS_DIR)
  -h, --help   show this help`;

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Runs the copy for this environment and arguments; returns the exit code. `print` and `fail` take the lines to show. */
export async function migrateStorage(
  env: Env,
  argv: string[],
  out: { print: (line: string) => void; fail: (line: string) => void } = { print: console.log, fail: console.error },
): Promise<number> {
  let values: { from?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true }));
  } catch (error) {
    out.fail(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out.print(USAGE);
    return 0;
  }
  const fromDir = values.from ?? env.UPLOADS_DIR;
  const to = objectStoreFromEnv(env);
  if (to.dir && path.resolve(to.dir) === path.resolve(fromDir)) {
    out.fail(`STORAGE_URL names the folder ${fromDir} itself: set it to the store to copy the pictures to, e.g. s3://BUCKET?endpoint=…&region=…`);
    return 1;
  }
  const from = createObjectStore({ driver: "file", dir: fromDir });
  try {
    await to.check();
  } catch (error) {
    out.fail(`Nothing was copied: ${(error as Error).message}`);
    return 1;
  }
  out.print(`Copying the pictures of ${fromDir} to ${to.description}…`);
  const report = await copyObjects(from, to);
  out.print(
    `Copied ${report.copied} files (${mb(report.bytes)}); ${report.skipped} were there already; ${report.failed.length} failed.` +
      (report.ignored.length ? ` Left out ${report.ignored.length} files whose names the store does not take (e.g. ${report.ignored[0]}).` : ""),
  );
  for (const f of report.failed.slice(0, 10)) out.fail(`  ${f.key}: ${f.message}`);
  if (report.failed.length) {
    out.fail("Run it again to copy the files that failed.");
    return 1;
  }
  out.print(`With this STORAGE_URL the shop's pages load them from ${to.publicBase}/…`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  migrateStorage(loadEnv(), process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`The copy failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
