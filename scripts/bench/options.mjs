// The command line of `npm run bench`: its options, their defaults and the help text.
import { parseArgs } from "node:util";

export const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/postgres";

const HELP = `Usage: npm run bench -- [options]

  --duration S         seconds measured per endpoint (default 10)
  --warmup S           seconds of warm-up load before each measurement (default 3)
  --connections N      concurrent keep-alive connections (default 10)
  --products N         products to seed (default 10000)
  --postgres           bench on PostgreSQL: a random database is created on
                       ${DEFAULT_PG} (or on BENCH_DATABASE_URL) and dropped afterwards
  --search TERM        search term (default "shirt"; replaced by a word of a product name
                       when it finds nothing in the seeded catalogue)
  --accept-encoding V  Accept-Encoding header sent under load (default none: identity, as in
                       the DESIGN.md figures); the bare server replays the same encoded bytes
  --build-dir DIR      reuse an existing build instead of building (it is not removed)
  --seed-arg=ARG       extra argument for the seed CLI, repeatable (e.g. --seed-arg=--no-images
                       if the CLI offers it: seeding the pictures is most of the set-up time)
  --json PATH          where to write the results (default: a file in the system temp dir)
  --keep               keep the temporary directory (build, database, logs) for inspection
  --only reports       measure only the reports: seed the order desk's orders, then the sales
                       report, the dashboard and the tax report

Environment: BENCH_DATABASE_URL (a PostgreSQL server URL, implies --postgres),
BENCH_SEED_SCRIPT (a seed CLI other than scripts/seed.ts, same arguments).`;

/**
 * The options of this run, checked; prints the help and exits for --help, and exits with code 2
 * on an unknown option or a number out of range.
 */
export function readOptions() {
  let opts;
  try {
    ({ values: opts } = parseArgs({
      options: {
        duration: { type: "string", default: "10" },
        warmup: { type: "string", default: "3" },
        connections: { type: "string", default: "10" },
        products: { type: "string", default: "10000" },
        postgres: { type: "boolean", default: false },
        search: { type: "string", default: "shirt" },
        "accept-encoding": { type: "string", default: "" },
        "build-dir": { type: "string" },
        "seed-arg": { type: "string", multiple: true, default: [] },
        json: { type: "string" },
        keep: { type: "boolean", default: false },
        only: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (err) {
    console.error(`${err.message}\n\n${HELP}`);
    process.exit(2);
  }
  if (opts.help) {
    console.log(HELP);
    process.exit(0);
  }
  if (opts.only !== undefined && opts.only !== "reports") {
    console.error(`--only takes "reports" (got ${JSON.stringify(opts.only)})\n\n${HELP}`);
    process.exit(2);
  }
  const intOption = (name, min) => {
    const n = Number(opts[name]);
    if (!Number.isInteger(n) || n < min) {
      console.error(`--${name} must be an integer ≥ ${min} (got ${JSON.stringify(opts[name])})`);
      process.exit(2);
    }
    return n;
  };
  return {
    opts,
    duration: intOption("duration", 1),
    warmup: intOption("warmup", 0),
    connections: intOption("connections", 1),
    productCount: intOption("products", 1),
    pgAdminUrl: process.env.BENCH_DATABASE_URL || (opts.postgres ? DEFAULT_PG : null),
    acceptEncoding: opts["accept-encoding"],
  };
}
