import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import type { Database } from "./schema";

/**
 * Stands in for one value while a query is built for its template: Kysely puts it among the
 * compiled parameters like any value, and its position there is where that value goes at each run.
 */
class Slot {
  constructor(readonly index: number) {}
  // A slot turned into text (sql.lit, sql.raw, a template string) shows up in the SQL: refused.
  toString(): string {
    return `${SLOT_MARK}${this.index}`;
  }
}
const SLOT_MARK = "\u0000slot:";

/** One shape's query: its text and tree, and for each parameter the value's index, or -1 for a constant of the query itself. */
interface Template {
  compiled: CompiledQuery<unknown>;
  from: number[];
}

/** Shapes (lengths of lists, keys of rows) kept per query and engine; the oldest is dropped past this. */
const MAX_SHAPES = 64;

/**
 * How the walks of the arguments treat a value: left out (`undefined`, which Kysely leaves out of
 * a row), one value (anything but a plain object or an array: a string, a number, null, a Date, a
 * Buffer), or a list or record holding further values.
 */
function kindOf(value: unknown): "absent" | "value" | "list" | "record" {
  if (value === undefined) return "absent";
  if (value === null || typeof value !== "object") return "value";
  if (Array.isArray(value)) return "list";
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null ? "record" : "value";
}

/**
 * Walks the arguments: the values, in order, into `leaves`; returns their shape (which keys and
 * list lengths hold values, which are left out), the cache key of the compiled text.
 */
function flatten(value: unknown, leaves: unknown[]): string {
  switch (kindOf(value)) {
    case "absent":
      return "u";
    case "value":
      if (typeof value === "object" && value !== null && "toOperationNode" in value) {
        throw new Error("compiledQuery: an argument is a Kysely expression; arguments must be values (build expressions in the query)");
      }
      leaves.push(value);
      return "v";
    case "list": {
      let shape = "[";
      for (const v of value as unknown[]) shape += `${flatten(v, leaves)},`;
      return `${shape}]`;
    }
    case "record": {
      let shape = "{";
      for (const key in value as object) shape += `${key}:${flatten((value as Record<string, unknown>)[key], leaves)},`;
      return `${shape}}`;
    }
  }
}

/** The arguments with a slot in place of each value (same shape, same order as `flatten`'s leaves). */
function slotted(value: unknown, next: { n: number }): unknown {
  switch (kindOf(value)) {
    case "absent":
      return undefined;
    case "value":
      return new Slot(next.n++);
    case "list":
      return (value as unknown[]).map((v) => slotted(v, next));
    case "record": {
      const out: Record<string, unknown> = {};
      for (const key in value as object) out[key] = slotted((value as Record<string, unknown>)[key], next);
      return out;
    }
  }
}

/**
 * A query that Kysely builds and compiles once per shape of its arguments and engine, then runs
 * with each call's values. Building and compiling a query is most of Kysely's cost (a checkout's
 * seven statements spent more time there than in the database driver), and a hot statement's text
 * never changes: only its values do.
 *
 * `build` gets the executor and the arguments, and must pass each argument value to the query
 * unchanged, as a value (`where("id", "=", a.id)`, `values({ … })`, `sql\`${a.now}\``): it is
 * called once per shape with stand-ins for the values, so a value it computes with, tests or
 * writes into the text (`sql.lit`, `sql.raw`) would be the stand-in. Compute such things before
 * the call and pass the result. A value that does not reach the parameters, or a stand-in in the
 * SQL text, is refused when the shape is first compiled. Lists and rows may vary: their lengths
 * and keys are the shape (an IN list of 1 and one of 3 are two texts, as they would be anyway),
 * and so is whether an argument is `undefined`, the one test of an argument `build` may make.
 * A Kysely plugin that rewrites queries acts once, when a shape is compiled (the shop uses none on
 * these statements); its result transforms still run at every call.
 */
export function compiledQuery<A extends object, R, DB = Database>(build: (k: Kysely<DB>, args: A) => Compilable<R>) {
  // Per engine (the executor's adapter: a transaction shares its database's), per shape.
  const byEngine = new WeakMap<object, Map<string, Template>>();

  function templateFor(k: Kysely<DB>, shape: string, args: A, count: number): Template {
    const engine = k.getExecutor().adapter;
    let shapes = byEngine.get(engine);
    if (!shapes) byEngine.set(engine, (shapes = new Map()));
    const known = shapes.get(shape);
    if (known) return known;
    const compiled = build(k, slotted(args, { n: 0 }) as A).compile() as CompiledQuery<unknown>;
    if (compiled.sql.includes(SLOT_MARK))
      throw new Error(`compiledQuery: an argument was written into the SQL text instead of passed as a value: ${compiled.sql}`);
    const from = compiled.parameters.map((p) => (p instanceof Slot ? p.index : -1));
    const used = new Set(from);
    for (let i = 0; i < count; i++) {
      if (!used.has(i))
        throw new Error(
          `compiledQuery: argument value #${i} (shape ${shape}) does not reach the query as a parameter: pass values unchanged, compute with them before the call`,
        );
    }
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    const template = { compiled, from };
    shapes.set(shape, template);
    return template;
  }

  return {
    /** Runs the query on `k` (the database or a transaction) with these arguments' values. */
    async execute(k: Kysely<DB>, args: A): Promise<QueryResult<R>> {
      const leaves: unknown[] = [];
      const shape = flatten(args, leaves);
      const { compiled, from } = templateFor(k, shape, args, leaves.length);
      const constants = compiled.parameters;
      const parameters = from.map((i, at) => (i === -1 ? constants[at] : leaves[i]));
      return (await k.executeQuery({ ...compiled, parameters })) as QueryResult<R>;
    },
  };
}
