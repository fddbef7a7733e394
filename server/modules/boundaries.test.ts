import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Module boundaries (DESIGN.md): a module owns its tables and exposes a service; another module or
// a flow calls that service, never the module's repo or its tables. Flows sit above modules: a
// module never imports a flow. Type-only imports count too: types shared across modules live in
// `*.types.ts` (or come from the module's service). Each table is used by one module, but for the
// few uses DESIGN.md makes on purpose (SHARED below).
const serverDir = path.resolve(__dirname, "..");
const modulesDir = path.join(serverDir, "modules");
const flowsDir = path.join(serverDir, "flows");

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/**
 * Every module specifier a source imports or re-exports (static, side-effect and dynamic), with
 * whether the build erases it: only `import type` / `export type` are; with verbatimModuleSyntax an
 * `import { type A }` still loads its module.
 */
function importsOf(text: string): Array<{ spec: string; typeOnly: boolean }> {
  const found: Array<{ spec: string; typeOnly: boolean }> = [];
  for (const m of text.matchAll(/\b(?:import|export)\s+(type\s+)?(?:[\w*$\s{},]*?)\s*from\s*["']([^"']+)["']/g))
    found.push({ spec: m[2], typeOnly: Boolean(m[1]) });
  for (const m of text.matchAll(/\bimport\s*["']([^"']+)["']/g)) found.push({ spec: m[1], typeOnly: false });
  for (const m of text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) found.push({ spec: m[1], typeOnly: false });
  return found;
}

/** Every module specifier a source imports or re-exports, types included. */
const importedSpecifiers = (text: string): string[] => importsOf(text).map((i) => i.spec);

/** The module folder a path lies in (`cart` for server/modules/cart/cart.repo.ts), or null outside server/modules. */
function moduleOf(file: string): string | null {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

const isRepo = (target: string) => /\.repo(\.tsx?)?$/.test(path.basename(target));
const isUnder = (dir: string, target: string) => {
  const rel = path.relative(dir, target);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/** What a file's imports break, as `file → specifier (why)`. */
function violations(file: string, text: string): string[] {
  const out: string[] = [];
  const from = moduleOf(file);
  const inFlows = isUnder(flowsDir, file);
  for (const spec of importedSpecifiers(text)) {
    if (!spec.startsWith(".")) continue;
    const target = path.resolve(path.dirname(file), spec);
    const where = `${path.relative(serverDir, file)} → ${spec}`;
    if (from !== null) {
      if (isUnder(flowsDir, target)) out.push(`${where} (a module imports a flow)`);
      const to = moduleOf(target);
      if (to !== null && to !== from && isRepo(target)) out.push(`${where} (a module imports another module's repo)`);
    }
    if (inFlows && moduleOf(target) !== null && isRepo(target)) out.push(`${where} (a flow imports a module's repo)`);
  }
  return out;
}

/** Tables a source reads or writes through Kysely's builders (joins and sub-selects included). */
function tablesUsed(text: string): string[] {
  const re =
    /\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|insertInto|updateTable|deleteFrom|mergeInto)\(\s*["'`]([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?["'`]/g;
  return [...new Set([...text.matchAll(re)].map((m) => m[1]))];
}

/** Tables a module uses although another owns them, by design (DESIGN.md), with why. */
const SHARED: Record<string, Record<string, string>> = {
  inventory: { products: "the one writer of stock", product_variants: "the one writer of stock" },
  search: {
    products: "its index and similar-name list are built from the products",
    product_translations: "its similar-name list in a language is built from the translated names",
  },
};

/** Tables used by more than one module (beyond SHARED), and any table a flow uses itself, as `table: users`. */
function tableViolations(files: Array<{ file: string; text: string }>): string[] {
  const users = new Map<string, Set<string>>();
  const out: string[] = [];
  for (const { file, text } of files) {
    const from = moduleOf(file);
    for (const table of tablesUsed(text)) {
      if (isUnder(flowsDir, file)) out.push(`${table}: ${path.relative(serverDir, file)} (a flow uses a table instead of a service)`);
      if (from === null || SHARED[from]?.[table]) continue;
      users.set(table, (users.get(table) ?? new Set()).add(from));
    }
  }
  for (const [table, modules] of users) if (modules.size > 1) out.push(`${table}: used by ${[...modules].sort().join(", ")} (one module owns a table)`);
  return out;
}

const code = (f: string) => !/\.test\.tsx?$/.test(f);

/** Object spreads in the wiring: a spread service hides which module or flow does the work. */
const spreadsInWiring = (text: string) => [...text.matchAll(/\.\.\.[\w.]+/g)].map((m) => m[0]);
/**
 * A Kysely statement being built: a query builder started on a table (`.selectFrom(`,
 * `.insertInto(`, `.updateTable(`, `.deleteFrom(`) or a `sql` template, typed (`sql<number>`) or not.
 */
const STATEMENT = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(?:<[^`;]*?>)?\s*`/g;

/**
 * The Kysely statements built under server/modules outside the `*.repo.ts` files, as
 * `file:line → what`: a module's SQL sits in its repo files, its services and helpers call them
 * (opening a transaction and handing it on is not a statement). Tests are left out.
 */
function sqlOutsideRepos(files: Array<{ file: string; text: string }>): string[] {
  return files
    .filter((f) => moduleOf(f.file) !== null && code(f.file) && !isRepo(f.file))
    .flatMap((f) =>
      f.text
        .split("\n")
        .flatMap((line, i) =>
          [...line.matchAll(STATEMENT)].map((m) => `${path.relative(serverDir, f.file)}:${i + 1} → ${m[0]} (a module's SQL sits in its *.repo.ts files)`),
        ),
    );
}

describe("module boundaries", () => {
  it("modules import no other module's repo and no flow; flows import no repo", () => {
    const found = [...sources(modulesDir), ...sources(flowsDir)].flatMap((f) => violations(f, fs.readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("are found by the check (a broken boundary would be seen)", () => {
    const orders = path.join(modulesDir, "orders", "orders.service.ts");
    const flow = path.join(flowsDir, "place-order.ts");
    expect(violations(orders, `import { placeOrder } from "../../flows/place-order";`)).toHaveLength(1);
    expect(violations(orders, `import {\n  loadCartRows,\n  priceCart,\n} from "../cart/cart.repo";`)).toHaveLength(1);
    expect(violations(orders, `import type { PricedCart } from "../cart/cart.repo.ts";`)).toHaveLength(1);
    expect(violations(orders, `export { firstImage } from "../cart/cart.repo";`)).toHaveLength(1);
    expect(violations(orders, `const m = await import("../search/search.repo");`)).toHaveLength(1);
    expect(violations(flow, `import { type Executor, loadCartRows } from "../modules/cart/cart.repo";`)).toHaveLength(1);
    expect(violations(flow, `import type { OrderRecord } from "../modules/orders/orders.repo";`)).toHaveLength(1);
    // Allowed: a module's own repo, another module's service or types, a flow calling services.
    expect(violations(orders, `import { loadOrder } from "./orders.repo";`)).toEqual([]);
    expect(violations(orders, `import type { CartView } from "../cart/cart.types";`)).toEqual([]);
    expect(violations(flow, `import type { CartService } from "../modules/cart/cart.types";`)).toEqual([]);
    expect(violations(flow, `import { cancelOrder } from "./cancel-order";`)).toEqual([]);
  });

  it("the wiring names every flow as a service of its own: nothing is spread into another service", () => {
    expect(spreadsInWiring(fs.readFileSync(path.join(serverDir, "wiring", "services.ts"), "utf8"))).toEqual([]);
    expect(spreadsInWiring(`const orders = { ...orderService, ...createOrderFlows(deps) };`)).toEqual(["...orderService", "...createOrderFlows"]);
    expect(spreadsInWiring(`checkout: createCheckout(orderFlowDeps),`)).toEqual([]);
  });

  it("a module's SQL sits in its *.repo.ts files", () => {
    expect(sqlOutsideRepos(sources(modulesDir).map((file) => ({ file, text: fs.readFileSync(file, "utf8") })))).toEqual([]);
  });

  it("sees a statement built outside a repo file", () => {
    const service = path.join(modulesDir, "cart", "cart.service.ts");
    const helper = path.join(modulesDir, "content", "banners.ts");
    const found = (file: string, text: string) => sqlOutsideRepos([{ file, text }]);
    expect(found(service, `const row = await k.selectFrom("carts").select("id").executeTakeFirst();`)).toHaveLength(1);
    expect(found(service, `await trx\n  .insertInto("cart_lines")\n  .values(row)\n  .execute();`)).toEqual([
      "modules/cart/cart.service.ts:2 → .insertInto( (a module's SQL sits in its *.repo.ts files)",
    ]);
    expect(found(helper, `await k.updateTable("banners").set({ sort_order: i }).where("id", "=", id).execute();`)).toHaveLength(1);
    expect(found(helper, `await k.deleteFrom("banners").where("id", "=", id).execute();`)).toHaveLength(1);
    expect(found(service, "const none = { orders: sql<number>`0`, spent: sql`0` };")).toHaveLength(2);
    expect(found(service, "const nested = sql<Record<string, number>>`x`;")).toHaveLength(1);
    expect(found(service, `k.where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id"))`)).toHaveLength(1);
    // Allowed: the same statements in a repo file or a test, outside server/modules, and a
    // service that opens a transaction and hands it to repo functions.
    expect(found(path.join(modulesDir, "cart", "cart.repo.ts"), `k.selectFrom("carts")`)).toEqual([]);
    expect(found(path.join(modulesDir, "cart", "cart.upkeep.repo.ts"), 'k.deleteFrom("carts").where(sql`1 = 1`)')).toEqual([]);
    expect(found(path.join(modulesDir, "content", "messages.test.ts"), `t.db.kysely.selectFrom("contact_messages")`)).toEqual([]);
    expect(found(path.join(serverDir, "lib", "notices.ts"), `k.deleteFrom(table)`)).toEqual([]);
    expect(
      found(
        service,
        `return db.kysely.transaction().execute(async (trx) => {\n  const cart = await ensureCart(trx, owner);\n  return addUnits(trx, cart.id, items);\n});`,
      ),
    ).toEqual([]);
    expect(found(service, `import { type Kysely, sql } from "kysely";\nconst selectFromCache = sqlite ? a : b;`)).toEqual([]);
  });

  it("each table is used by one module (its owner), and flows use none themselves", () => {
    const files = [...sources(modulesDir), ...sources(flowsDir)].filter(code).map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
    expect(tableViolations(files)).toEqual([]);
  });

  it("sees a table used outside its module", () => {
    const wishlist = path.join(modulesDir, "wishlist", "wishlist.service.ts");
    const catalog = path.join(modulesDir, "catalog", "catalog.repo.ts");
    const flow = path.join(flowsDir, "merge-visitor.ts");
    expect(
      tableViolations([
        { file: catalog, text: `k.selectFrom("products as p").innerJoin("categories as c", "c.id", "p.category_id")` },
        { file: wishlist, text: `k.selectFrom("wishlist_items as w").innerJoin("products as p", "p.id", "w.product_id")` },
      ]),
    ).toEqual(["products: used by catalog, wishlist (one module owns a table)"]);
    expect(tableViolations([{ file: flow, text: `await trx.deleteFrom("cart_lines").where("cart_id", "=", id)` }])).toHaveLength(1);
    expect(
      tableViolations([
        { file: catalog, text: `k.selectFrom("products")` },
        { file: path.join(modulesDir, "inventory", "inventory.service.ts"), text: `trx.updateTable("products")` },
      ]),
    ).toEqual([]);
  });
});

// The house's folders (docs/architecture.md): browser code imports only `common/` and `app/`;
// `common/` imports only packages and itself; no two folders import each other, however indirectly.
const repoDir = path.resolve(serverDir, "..");
const packageImports: Record<string, string> = JSON.parse(fs.readFileSync(path.join(repoDir, "package.json"), "utf8")).imports ?? {};

/** The file (or the path it would be) an import names inside the repository, or null for a package. */
function resolveImport(from: string, spec: string): string | null {
  let base: string | null = null;
  if (spec.startsWith("./") || spec.startsWith("../")) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith("~/")) base = path.join(repoDir, "app", spec.slice(2));
  else if (spec.startsWith("#")) {
    for (const [key, target] of Object.entries(packageImports)) {
      const prefix = key.replace("*", "");
      if (spec.startsWith(prefix)) base = path.join(repoDir, target.replace("*", spec.slice(prefix.length)));
    }
  }
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base.replace(/\.(tsx?|js)$/, "") + ".ts";
}

const appDir = path.join(repoDir, "app");
const commonDir = path.join(repoDir, "common");
/** A file the browser bundle may carry: under app/, but not a `*.server.ts(x)` file or the server entry. */
const isBrowserFile = (file: string) => isUnder(appDir, file) && !/\.server\.tsx?$/.test(file) && path.basename(file) !== "entry.server.tsx";

/** Run-time imports that break the two rules: browser files import only common/ and app/; common/ only itself. */
function sideViolations(file: string, text: string): string[] {
  const out: string[] = [];
  for (const { spec, typeOnly } of importsOf(text)) {
    const target = resolveImport(file, spec);
    if (target === null) continue;
    const where = `${path.relative(repoDir, file)} → ${spec}`;
    if (isUnder(commonDir, file) && !isUnder(commonDir, target)) out.push(`${where} (common/ imports only packages and common/)`);
    else if (isBrowserFile(file) && !typeOnly && !isUnder(appDir, target) && !isUnder(commonDir, target))
      out.push(`${where} (a browser file imports server code)`);
  }
  return out;
}

/** The cycles of the folder graph (an import from a file of one folder to a file of another, types included), as lists of folders. */
function folderCycles(files: Array<{ file: string; text: string }>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { file, text } of files) {
    const from = path.relative(repoDir, path.dirname(file));
    for (const { spec } of importsOf(text)) {
      const target = resolveImport(file, spec);
      if (target === null) continue;
      const to = path.relative(repoDir, path.dirname(target));
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  // Tarjan's strongly connected components: every component of more than one folder is a cycle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

const read = (file: string) => ({ file, text: fs.readFileSync(file, "utf8") });

describe("the house's folders", () => {
  it("browser files import only common/ and app/ at run time; common/ imports only itself", () => {
    const found = [...sources(appDir), ...sources(commonDir)].filter(code).flatMap((f) => sideViolations(f, fs.readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("sees a browser file or common/ reaching into the server", () => {
    const page = path.join(appDir, "routes", "wishlist.tsx");
    expect(sideViolations(page, `import { addToCart } from "#server/http/shopper";`)).toHaveLength(1);
    expect(sideViolations(page, `import { toMajor } from "../../server/modules/catalog/pricing";`)).toHaveLength(1);
    expect(sideViolations(page, `const m = await import("#server/wiring/services");`)).toHaveLength(1);
    expect(sideViolations(path.join(commonDir, "money.ts"), `import type { Db } from "../server/db/database";`)).toHaveLength(1);
    // Allowed: common/, app/, packages, erased types, and anything from a `*.server.ts` file.
    expect(
      sideViolations(page, `import { toMajor } from "#common/money";\nimport { getShopper } from "~/lib/shopper.server";\nimport { z } from "zod";`),
    ).toEqual([]);
    expect(sideViolations(page, `import type { WishlistEntry } from "#modules/wishlist";`)).toEqual([]);
    // `import { type A }` keeps its module in the bundle (verbatimModuleSyntax): only `import type` is erased.
    expect(sideViolations(page, `import { type CartView } from "#modules/cart";`)).toHaveLength(1);
    expect(sideViolations(path.join(appDir, "lib", "shopper.server.ts"), `import { resolveShopper } from "#server/http/shopper";`)).toEqual([]);
  });

  it("have no cycles: no two folders of server/, common/ and app/ import each other, however indirectly", () => {
    expect(folderCycles([...sources(serverDir), ...sources(commonDir), ...sources(appDir)].filter(code).map(read))).toEqual([]);
  });

  it("sees a cycle between folders", () => {
    const a = path.join(modulesDir, "catalog", "catalog.service.ts");
    const b = path.join(modulesDir, "search", "search.service.ts");
    const c = path.join(serverDir, "lib", "cache.ts");
    expect(
      folderCycles([
        { file: a, text: `import type { SearchService } from "../search/search.service";` },
        { file: b, text: `import { epoch } from "../../lib/cache";` },
        { file: c, text: `import type { CatalogService } from "../modules/catalog/catalog.service";` },
      ]),
    ).toEqual([["server/lib", "server/modules/catalog", "server/modules/search"]]);
    expect(
      folderCycles([
        { file: a, text: `import type { SearchService } from "../search/search.service";` },
        { file: b, text: `import { epoch } from "../../lib/cache";` },
      ]),
    ).toEqual([]);
  });
});

/** Imports from outside a module that name one of its files other than its public `index.ts`. */
function frontDoorViolations(file: string, text: string): string[] {
  const out: string[] = [];
  const from = moduleOf(file);
  for (const { spec } of importsOf(text)) {
    const target = resolveImport(file, spec);
    if (target === null) continue;
    const to = moduleOf(target);
    if (to === null || to === from) continue;
    if (target !== path.join(modulesDir, to, "index.ts"))
      out.push(`${path.relative(repoDir, file)} → ${spec} (import the ${to} module through #modules/${to})`);
  }
  return out;
}

/** Module-owned tables used by server files outside the modules (the demo seed and the migrations excepted: they write whole tables). */
function tablesOutsideModules(files: Array<{ file: string; text: string }>): string[] {
  const owned = new Set(files.filter((f) => moduleOf(f.file) !== null).flatMap((f) => tablesUsed(f.text)));
  const exempt = [path.join(serverDir, "seed"), path.join(serverDir, "migrations")];
  return files
    .filter((f) => moduleOf(f.file) === null && !exempt.some((dir) => isUnder(dir, f.file)))
    .flatMap((f) =>
      tablesUsed(f.text)
        .filter((t) => owned.has(t))
        .map((t) => `${t}: ${path.relative(repoDir, f.file)} (a module's table, used outside it)`),
    );
}

describe("modules have one public face", () => {
  it("code outside a module imports only its index.ts", () => {
    const files = [...sources(serverDir), ...sources(appDir), ...sources(path.join(repoDir, "scripts"))].filter(code);
    expect(files.flatMap((f) => frontDoorViolations(f, fs.readFileSync(f, "utf8")))).toEqual([]);
  });

  it("sees a module's private file imported from outside", () => {
    const route = path.join(serverDir, "http", "cart.routes.ts");
    expect(frontDoorViolations(route, `import { createCartService } from "../modules/cart/cart.service";`)).toHaveLength(1);
    expect(frontDoorViolations(route, `import type { CartView } from "#server/modules/cart/cart.types";`)).toHaveLength(1);
    expect(frontDoorViolations(route, `import type { CartView } from "#modules/cart";\nimport { createCartService } from "../modules/cart";`)).toEqual([]);
    expect(frontDoorViolations(path.join(modulesDir, "cart", "cart.service.ts"), `import { computeTotals } from "./cart.pricing";`)).toEqual([]);
  });

  it("a module's tables are touched by its own files only", () => {
    expect(tablesOutsideModules([...sources(serverDir)].filter(code).map(read))).toEqual([]);
  });

  it("sees a module's table used by a router", () => {
    const files = [
      { file: path.join(modulesDir, "content", "settings.ts"), text: `k.selectFrom("settings")` },
      { file: path.join(serverDir, "app.ts"), text: `await services.db.kysely.selectFrom("settings").select("key")` },
      { file: path.join(serverDir, "seed", "seed.ts"), text: `trx.insertInto("settings")` },
    ];
    expect(tablesOutsideModules(files)).toEqual(["settings: server/app.ts (a module's table, used outside it)"]);
  });
});
