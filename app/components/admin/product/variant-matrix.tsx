import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/catalog/use-hydrated";
import type { MessageKey } from "#common/i18n/catalogs";
import { useT } from "~/lib/i18n";
import { moveItem, rowKey } from "./list-moves";
import { RowButtons, focusMovedRow } from "./row-buttons";

/** The variant part of a product as the form edits it: numbers as typed (strings). */
export interface VariantsValue {
  colors: Array<{ name: string; hex: string }>;
  sizes: string[];
  /**
   * `stockWas`: the stock a stored variant of these colour and size names had when the form was
   * opened; posted as `_stockWas.<k>` so an unchanged figure is not written back (see
   * product-form-values.ts dropUnchangedStock).
   */
  variants: Array<{ color: string | null; size: string | null; additionalPrice: string; stock: string; sku: string; stockWas?: string }>;
  /** The product's own stock, used when it has no colours and no sizes. */
  stock: string;
  stockWas?: string;
}

/** A row of an option's values editor: a colour or a size. */
interface OptionRow {
  key: string;
  name: string;
}
interface ColorRow extends OptionRow {
  hex: string;
}
type SizeRow = OptionRow;
interface Cell {
  additionalPrice: string;
  stock: string;
  sku: string;
  /** A stored variant: its stock and names when the form opened. */
  stored?: { stock: string; color: string | null; size: string | null };
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const defaultIdOf = (name: string) => `variants-field-${name.replace(/[^\w-]/g, "-")}`;
const emptyCell = (): Cell => ({ additionalPrice: "0", stock: "0", sku: "" });
const cellKey = (color: ColorRow | null, size: SizeRow | null) => `${color?.key ?? ""}|${size?.key ?? ""}`;

/**
 * The variants of the matrix, in the order they are posted (`variants.<k>.*`): every colour with
 * every size, colours outer; only colours or only sizes when the other list is empty; none when
 * both are empty. The server's error for `variants.3.stock` belongs to the 4th of them.
 */
export function matrixOf<C, S>(colors: readonly C[], sizes: readonly S[]): Array<{ color: C | null; size: S | null }> {
  if (!colors.length && !sizes.length) return [];
  if (!sizes.length) return colors.map((color) => ({ color, size: null }));
  if (!colors.length) return sizes.map((size) => ({ color: null, size }));
  return colors.flatMap((color) => sizes.map((size) => ({ color, size })));
}

const textInput = (error?: string) =>
  `block h-10 w-full min-w-0 rounded-lg border bg-white px-3 text-base text-stone-900 sm:text-sm ${error ? "border-rose-600" : "border-stone-300"}`;

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-rose-700">
      {error}
    </p>
  );
}

/** The cells of the stored variants, each under the colour and size rows its names match. */
function storedCells(variants: VariantsValue["variants"], colors: ColorRow[], sizes: SizeRow[]): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  for (const v of variants) {
    // The stored variant of each combination, found by its names.
    const c = v.color === null ? null : (colors.find((r) => r.name === v.color) ?? null);
    const s = v.size === null ? null : (sizes.find((r) => r.name === v.size) ?? null);
    if ((v.color !== null && !c) || (v.size !== null && !s)) continue;
    out[cellKey(c, s)] = {
      additionalPrice: v.additionalPrice,
      stock: v.stock,
      sku: v.sku,
      stored: v.stockWas === undefined ? undefined : { stock: v.stockWas, color: v.color, size: v.size },
    };
  }
  return out;
}

/**
 * Colours (name and hex) and sizes, and the matrix colour × size with each variant's extra price,
 * stock and SKU (a table; a stacked list on phones), with "apply to all" helpers for stock and
 * extra price. A product without colours and sizes has one stock field instead. Field errors from
 * the server (`colors.1.hex`, `sizes.0`, `variants.3.stock`, `stock`) show beside their input.
 */
export function VariantMatrix({
  defaultValue,
  errors = {},
  idOf = defaultIdOf,
  currencySymbol,
  onChange,
  onColorNames,
}: {
  defaultValue: VariantsValue;
  errors?: Record<string, string>;
  /** The id of the input named `name` (the form's error summary links to it). */
  idOf?: (name: string) => string;
  /** Shown before the extra price inputs ("$"). */
  currencySymbol: string;
  onChange?: () => void;
  /** The colour names whenever they change (the pictures can be tied to a colour). */
  onColorNames?: (names: string[]) => void;
}) {
  const hydrated = useHydrated();
  const [colors, setColors] = useState<ColorRow[]>(() => defaultValue.colors.map((c) => ({ key: rowKey("color"), name: c.name, hex: c.hex })));
  const [sizes, setSizes] = useState<SizeRow[]>(() => defaultValue.sizes.map((s) => ({ key: rowKey("size"), name: s })));
  const [cells, setCells] = useState<Record<string, Cell>>(() => storedCells(defaultValue.variants, colors, sizes));
  const [stock, setStock] = useState(defaultValue.stock);
  const [fillStock, setFillStock] = useState("");
  const [fillPrice, setFillPrice] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const t = useT();

  const colorNames = colors.map((c) => c.name.trim()).join("\u0000");
  useEffect(() => {
    onColorNames?.(colorNames ? colorNames.split("\u0000") : []);
  }, [colorNames, onColorNames]);

  const changed = () => onChange?.();
  const variants = matrixOf(colors, sizes);
  const setCell = (key: string, change: Partial<Cell>) => {
    setCells((all) => ({ ...all, [key]: { ...(all[key] ?? emptyCell()), ...change } }));
    changed();
  };
  const applyToAll = (field: "stock" | "additionalPrice", value: string, what: string) => {
    if (value.trim() === "") return;
    setCells((all) => {
      const next = { ...all };
      for (const v of variants) {
        const key = cellKey(v.color, v.size);
        next[key] = { ...(next[key] ?? emptyCell()), [field]: value };
      }
      return next;
    });
    setAnnouncement(t("admin.variants.setForAll", { what, value, count: variants.length }));
    changed();
  };
  const editor = { hydrated, onChanged: changed, announce: setAnnouncement };

  return (
    <div className="space-y-8">
      <div className="grid gap-8 2xl:grid-cols-2">
        <OptionValuesEditor
          {...editor}
          option="colour"
          legend={t("admin.variants.colours")}
          hint={t("admin.variants.coloursHint")}
          error={errors.colors}
          rows={colors}
          setRows={setColors}
          newRow={() => ({ key: rowKey("color"), name: "", hex: "" })}
          rowClassName="flex flex-wrap items-start gap-2 sm:flex-nowrap"
          buttonsClassName="ml-auto mt-5"
          fields={(color, i, update) => <ColorFields color={color} index={i} errors={errors} idOf={idOf} hydrated={hydrated} update={update} />}
        />
        <OptionValuesEditor
          {...editor}
          option="size"
          legend={t("admin.variants.sizes")}
          hint={t("admin.variants.sizesHint")}
          error={errors.sizes}
          rows={sizes}
          setRows={setSizes}
          newRow={() => ({ key: rowKey("size"), name: "" })}
          rowClassName="flex items-start gap-2"
          buttonsClassName="mt-5"
          fields={(size, i, update) => (
            <NameField
              className="min-w-0 flex-1"
              id={idOf(`sizes.${i}`)}
              name={`sizes.${i}`}
              label={t("admin.variants.sizeN", { n: i + 1 })}
              value={size.name}
              maxLength={40}
              error={errors[`sizes.${i}`]}
              onValue={(name) => update({ name })}
            />
          )}
        />
      </div>

      {variants.length === 0 ? (
        <OwnStock
          value={stock}
          onValue={(value) => {
            setStock(value);
            changed();
          }}
          error={errors.stock}
          idOf={idOf}
          stockWas={defaultValue.stockWas}
        />
      ) : (
        <VariantTable
          variants={variants}
          cells={cells}
          errors={errors}
          idOf={idOf}
          currencySymbol={currencySymbol}
          onCell={setCell}
          fillAll={
            hydrated && (
              <div className="flex flex-wrap items-end gap-3" data-testid="variant-fill">
                <FillAll
                  id="fill-stock"
                  label={t("admin.variants.stockForAll")}
                  applyLabel={t("admin.variants.applyStockForAll")}
                  value={fillStock}
                  onValue={setFillStock}
                  onApply={() => applyToAll("stock", fillStock, t("admin.variants.stock"))}
                />
                <FillAll
                  id="fill-price"
                  label={t("admin.variants.priceForAll")}
                  applyLabel={t("admin.variants.applyPriceForAll")}
                  value={fillPrice}
                  onValue={setFillPrice}
                  onApply={() => applyToAll("additionalPrice", fillPrice, t("admin.variants.extraPrice"))}
                  decimal
                />
              </div>
            )
          }
        />
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** How the buttons and announcements name an option's values. */
const OPTION_WORDS: Record<"colour" | "size", { name: MessageKey; row: MessageKey; rowNamed: MessageKey; add: MessageKey }> = {
  colour: { name: "admin.variants.colour", row: "admin.variants.colourRow", rowNamed: "admin.variants.colourRowNamed", add: "admin.variants.addColour" },
  size: { name: "admin.variants.size", row: "admin.variants.sizeRow", rowNamed: "admin.variants.sizeRowNamed", add: "admin.variants.addSize" },
};

/**
 * The values of one option (the colours, the sizes) as a list: each row's fields with move and
 * remove buttons, and a button that adds a row. Changes go through `setRows`; what a move or a
 * removal did is announced to screen readers.
 */
function OptionValuesEditor<R extends OptionRow>({
  option,
  legend,
  hint,
  error,
  rows,
  setRows,
  newRow,
  fields,
  rowClassName,
  buttonsClassName,
  hydrated,
  onChanged,
  announce,
}: {
  /** Which option's values these are (its words: OPTION_WORDS). */
  option: "colour" | "size";
  legend: string;
  hint: string;
  /** The server's error for the list as a whole. */
  error?: string;
  rows: R[];
  setRows: React.Dispatch<React.SetStateAction<R[]>>;
  newRow: () => R;
  /** The inputs of row `index`; `update` changes that row. */
  fields: (row: R, index: number, update: (change: Partial<R>) => void) => React.ReactNode;
  rowClassName: string;
  buttonsClassName: string;
  hydrated: boolean;
  onChanged: () => void;
  announce: (message: string) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const t = useT();
  const words = OPTION_WORDS[option];
  const what = (i: number) => (rows[i]?.name ? t(words.rowNamed, { n: i + 1, name: rows[i]!.name }) : t(words.row, { n: i + 1 }));
  return (
    <fieldset>
      <legend className="text-base font-semibold text-stone-900">{legend}</legend>
      <p className="mt-1 text-sm text-stone-600">{hint}</p>
      {error && <p className="mt-2 text-sm font-medium text-rose-700">{error}</p>}
      <ol ref={list} className="mt-3 space-y-3" aria-label={legend}>
        {rows.map((row, i) => (
          <li key={row.key} data-row className={rowClassName}>
            {fields(row, i, (change) => {
              setRows((all) => all.map((r) => (r.key === row.key ? { ...r, ...change } : r)));
              onChanged();
            })}
            {hydrated && (
              <div className={buttonsClassName}>
                <RowButtons
                  index={i}
                  count={rows.length}
                  what={what(i)}
                  onMove={(from, to) => {
                    setRows((all) => moveItem(all, from, to));
                    announce(t("admin.variants.moved", { name: rows[from]!.name || t(words.name), position: to + 1 }));
                    focusMovedRow(list.current, to, to < from ? "up" : "down");
                    onChanged();
                  }}
                  onRemove={() => {
                    setRows((all) => all.filter((r) => r.key !== row.key));
                    announce(t("admin.variants.removed", { name: row.name || t(words.name) }));
                    onChanged();
                  }}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
      {hydrated && (
        <button
          type="button"
          onClick={() => {
            setRows((all) => [...all, newRow()]);
            onChanged();
            // The new row's first input: its name.
            requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus());
          }}
          className="mt-3 inline-flex h-10 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-50"
        >
          <span aria-hidden="true">+</span> {t(words.add)}
        </button>
      )}
    </fieldset>
  );
}

/** A value's name: a small label above its input, and the server's error under it. */
function NameField({
  className,
  id,
  name,
  label,
  value,
  maxLength,
  error,
  onValue,
}: {
  className: string;
  id: string;
  name: string;
  label: React.ReactNode;
  value: string;
  maxLength: number;
  error?: string;
  onValue: (value: string) => void;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 ${textInput(error)}`}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A colour's name and hex, with a swatch picker beside the hex once the page runs its scripts. */
function ColorFields({
  color,
  index: i,
  errors,
  idOf,
  hydrated,
  update,
}: {
  color: ColorRow;
  index: number;
  errors: Record<string, string>;
  idOf: (name: string) => string;
  hydrated: boolean;
  update: (change: Partial<ColorRow>) => void;
}) {
  const hexError = errors[`colors.${i}.hex`];
  const t = useT();
  const hexId = idOf(`colors.${i}.hex`);
  return (
    <>
      <NameField
        className="min-w-0 flex-1 basis-32"
        id={idOf(`colors.${i}.name`)}
        name={`colors.${i}.name`}
        label={
          <>
            {t("admin.specs.name")} <span className="sr-only">{t("admin.variants.ofColour", { n: i + 1 })}</span>
          </>
        }
        value={color.name}
        maxLength={60}
        error={errors[`colors.${i}.name`] ?? errors[`colors.${i}`]}
        onValue={(name) => update({ name })}
      />
      <div className="w-36 shrink-0">
        <label htmlFor={hexId} className="block text-xs font-medium text-stone-800">
          {t("admin.variants.hex")} <span className="sr-only">{t("admin.variants.hexOf", { n: i + 1 })}</span>
        </label>
        <div className="mt-1 flex items-center gap-1.5">
          {hydrated ? (
            <input
              type="color"
              aria-label={t("admin.variants.pickSwatch", { n: i + 1 })}
              value={HEX.test(color.hex) ? color.hex.toLowerCase() : "#000000"}
              onChange={(e) => update({ hex: e.currentTarget.value })}
              className="h-10 w-10 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
            />
          ) : null}
          <input
            id={hexId}
            name={`colors.${i}.hex`}
            value={color.hex}
            placeholder="#1f2937"
            maxLength={7}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(e) => update({ hex: e.currentTarget.value })}
            aria-invalid={hexError ? true : undefined}
            aria-describedby={hexError ? `${hexId}-error` : undefined}
            className={`${textInput(hexError)} font-mono`}
          />
        </div>
        <FieldError id={`${hexId}-error`} error={hexError} />
      </div>
    </>
  );
}

/** The product's own stock, for a product without colours and sizes. */
function OwnStock({
  value,
  onValue,
  error,
  idOf,
  stockWas,
}: {
  value: string;
  onValue: (value: string) => void;
  error?: string;
  idOf: (name: string) => string;
  stockWas?: string;
}) {
  const id = idOf("stock");
  const t = useT();
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {t("admin.variants.stock")}
      </label>
      <input
        id={id}
        name="stock"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`mt-1.5 ${textInput(error)} h-12`}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600">
        {t("admin.variants.ownStockHint")}
      </p>
      <FieldError id={`${id}-error`} error={error} />
      {stockWas !== undefined && <input type="hidden" name="_stockWas" value={stockWas} />}
    </div>
  );
}

/** The variants, one row each (a stacked list on phones), under a heading with their count and the "apply to all" tools. */
function VariantTable({
  variants,
  cells,
  errors,
  idOf,
  currencySymbol,
  onCell,
  fillAll,
}: {
  variants: Array<{ color: ColorRow | null; size: SizeRow | null }>;
  cells: Record<string, Cell>;
  errors: Record<string, string>;
  idOf: (name: string) => string;
  currencySymbol: string;
  onCell: (key: string, change: Partial<Cell>) => void;
  fillAll: React.ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby="variants-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h3 id="variants-heading" className="text-base font-semibold text-stone-900">
            {t("admin.variants.variants")} <span className="font-normal text-stone-600">({variants.length})</span>
          </h3>
          <p className="mt-1 text-sm text-stone-600">{t("admin.variants.extraPriceHint")}</p>
        </div>
        {fillAll}
      </div>
      {errors.variants && <p className="mt-2 text-sm font-medium text-rose-700">{errors.variants}</p>}
      <table className="mt-4 w-full text-left text-sm max-md:block" data-testid="variant-matrix">
        <thead className="border-b border-stone-200 text-xs font-semibold uppercase tracking-wide text-stone-600 max-md:sr-only">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t("admin.variants.variant")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("admin.variants.extraPrice")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("admin.variants.stock")}
            </th>
            <th scope="col" className="py-2 pl-3">
              {t("admin.products.table.sku")}
            </th>
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3">
          {variants.map(({ color, size }, k) => {
            const key = cellKey(color, size);
            return (
              <VariantRow
                key={key}
                index={k}
                color={color}
                size={size}
                cell={cells[key] ?? emptyCell()}
                errors={errors}
                idOf={idOf}
                currencySymbol={currencySymbol}
                onCell={(change) => onCell(key, change)}
              />
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Variant `index` of the matrix (posted as `variants.<index>.*`): its name and swatch, the hidden
 * colour and size names, the stock it was opened with, and its extra price, stock and SKU inputs.
 */
function VariantRow({
  index: k,
  color,
  size,
  cell,
  errors,
  idOf,
  currencySymbol,
  onCell,
}: {
  index: number;
  color: ColorRow | null;
  size: SizeRow | null;
  cell: Cell;
  errors: Record<string, string>;
  idOf: (name: string) => string;
  currencySymbol: string;
  onCell: (change: Partial<Cell>) => void;
}) {
  const t = useT();
  const name = [color?.name || (color ? t("admin.variants.unnamedColour") : null), size?.name || (size ? t("admin.variants.unnamedSize") : null)]
    .filter(Boolean)
    .join(" / ");
  const err = (f: string) => errors[`variants.${k}.${f}`];
  const rowError = errors[`variants.${k}`] ?? err("color") ?? err("size");
  const input = (field: "additionalPrice" | "stock" | "sku", label: string, extra: React.InputHTMLAttributes<HTMLInputElement>) => (
    <>
      <label htmlFor={idOf(`variants.${k}.${field}`)} className="block text-xs font-medium text-stone-800 md:sr-only">
        {label} <span className="sr-only">{t("admin.variants.of", { name })}</span>
      </label>
      <div className="relative mt-1 md:mt-0">
        {field === "additionalPrice" && (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-stone-600">
            {currencySymbol}
          </span>
        )}
        <input
          id={idOf(`variants.${k}.${field}`)}
          name={`variants.${k}.${field}`}
          value={cell[field]}
          onChange={(e) => onCell({ [field]: e.currentTarget.value })}
          aria-invalid={err(field) ? true : undefined}
          aria-describedby={err(field) ? `${idOf(`variants.${k}.${field}`)}-error` : undefined}
          className={`${textInput(err(field))} ${field === "additionalPrice" ? "pl-7" : ""}`}
          {...extra}
        />
      </div>
      <FieldError id={`${idOf(`variants.${k}.${field}`)}-error`} error={err(field)} />
    </>
  );
  return (
    <tr
      className="border-b border-stone-100 align-top max-md:grid max-md:grid-cols-2 max-md:gap-3 max-md:rounded-xl max-md:border max-md:border-stone-200 max-md:bg-stone-50 max-md:p-3"
      data-testid="variant-row"
    >
      <th scope="row" className="py-2 pr-3 font-medium text-stone-900 max-md:col-span-2 max-md:p-0 md:min-w-[8.5rem]">
        <span className="flex items-center gap-2">
          {color && HEX.test(color.hex) && (
            <span aria-hidden="true" className="size-4 shrink-0 rounded-full ring-1 ring-stone-300" style={{ backgroundColor: color.hex }} />
          )}
          {name}
        </span>
        {color && <input type="hidden" name={`variants.${k}.color`} value={color.name} />}
        {size && <input type="hidden" name={`variants.${k}.size`} value={size.name} />}
        {cell.stored && cell.stored.color === (color?.name ?? null) && cell.stored.size === (size?.name ?? null) && (
          <input type="hidden" name={`_stockWas.${k}`} value={cell.stored.stock} />
        )}
        {rowError && <p className="mt-1 text-sm font-medium text-rose-700">{rowError}</p>}
      </th>
      <td className="px-3 py-2 max-md:p-0 md:w-32">
        {input("additionalPrice", t("admin.variants.extraPrice"), { inputMode: "decimal", type: "number", step: "0.01", min: 0 })}
      </td>
      <td className="px-3 py-2 max-md:p-0 md:w-24">{input("stock", t("admin.variants.stock"), { inputMode: "numeric", type: "number", step: 1, min: 0 })}</td>
      <td className="py-2 pl-3 max-md:col-span-2 max-md:p-0">
        {input("sku", t("admin.products.table.sku"), { maxLength: 64, autoCapitalize: "characters", spellCheck: false })}
      </td>
    </tr>
  );
}

function FillAll({
  id,
  label,
  applyLabel,
  value,
  onValue,
  onApply,
  decimal = false,
}: {
  id: string;
  label: string;
  /** The accessible name of its button ("Apply stock for all"). */
  applyLabel: string;
  value: string;
  onValue: (v: string) => void;
  onApply: () => void;
  decimal?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex items-end gap-1.5">
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-stone-800">
          {label}
        </label>
        <input
          id={id}
          type="number"
          min={0}
          step={decimal ? "0.01" : 1}
          inputMode={decimal ? "decimal" : "numeric"}
          value={value}
          onChange={(e) => onValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter applies the value instead of submitting the product form.
            if (e.key === "Enter") {
              e.preventDefault();
              onApply();
            }
          }}
          className="mt-1 block h-10 w-24 rounded-lg border border-stone-300 bg-white px-3 text-base sm:text-sm"
        />
      </div>
      <button
        type="button"
        aria-label={applyLabel}
        onClick={onApply}
        className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-900 hover:bg-stone-100"
      >
        {t("admin.variants.apply")}
      </button>
    </div>
  );
}
