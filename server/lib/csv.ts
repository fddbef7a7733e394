import { parse, stringify } from "csv/sync";

/**
 * The one CSV writer of every export (orders, products, customers, reports, analytics) and the
 * reader of what they export. A text cell that a spreadsheet would run as a formula (one starting
 * with = + - @, a tab or a carriage return, as OWASP lists them) is written behind a single quote,
 * which spreadsheets show as text and do not run; a guest who names themselves
 * `=HYPERLINK(…)` stays a name in the admin's spreadsheet. Numbers are written as they are, and so
 * is text that is a plain number ("-5.00"): neither runs. A cell that already starts with quotes
 * before such a character gets one more, so the reader takes exactly one off: exporting, importing
 * and exporting again changes no value.
 */

export type CsvCell = string | number | null | undefined;

/** Starts like a formula, behind any quotes this writer put before it. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** Text that is a plain number: a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A text cell as this writer writes it. */
export function csvText(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** A cell of a CSV this writer wrote, as it was before writing (the quote it added taken off). */
export function readCsvCell(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) && !PLAIN_NUMBER.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Rows as CSV text (a blank cell for null or undefined); `bom` for spreadsheets that need it to read UTF-8 (accents). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>, options: { bom?: boolean } = {}): string {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === "number" ? String(cell) : csvText(cell ?? ""))));
  return stringify(cells, { bom: options.bom ?? false, record_delimiter: "\n" });
}

/** A CSV's records, each with the line it ends on and the empty lines seen so far (for line numbers in messages). */
export type CsvRecord = { record: string[]; info: { lines: number; empty_lines: number } };

/** Reads CSV text (a byte-order mark allowed, rows of any length): every cell as the writer had it. */
export function parseCsv(text: string): CsvRecord[] {
  const records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as CsvRecord[];
  for (const r of records) r.record = r.record.map(readCsvCell);
  return records;
}
