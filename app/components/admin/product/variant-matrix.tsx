import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/catalog/use-hydrated";
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

interface ColorRow {
  key: string;
  name: string;
  hex: string;
}
interface SizeRow {
  key: string;
  name: string;
}
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
  const [cells, setCells] = useState<Record<string, Cell>>(() => {
    const out: Record<string, Cell> = {};
    for (const v of defaultValue.variants) {
      // The stored variant of each combination, found by its names.
      const c = v.color === null ? null : (colors.find((r) => r.name === v.color) ?? null);
      const s = v.size === null ? null : (sizes.find((r) => r.name === v.size) ?? null);
      if ((v.color !== null && !c) || (v.size !== null && !s)) continue;
      out[cellKey(c, s)] = { additionalPrice: v.additionalPrice, stock: v.stock, sku: v.sku, stored: v.stockWas === undefined ? undefined : { stock: v.stockWas, color: v.color, size: v.size } };
    }
    return out;
  });
  const [stock, setStock] = useState(defaultValue.stock);
  const [fillStock, setFillStock] = useState("");
  const [fillPrice, setFillPrice] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const colorList = useRef<HTMLOListElement>(null);
  const sizeList = useRef<HTMLOListElement>(null);

  const colorNames = colors.map((c) => c.name.trim()).join("\u0000");
  useEffect(() => {
    onColorNames?.(colorNames ? colorNames.split("\u0000") : []);
  }, [colorNames, onColorNames]);

  const changed = () => onChange?.();
  const variants = matrixOf(colors, sizes);
  const cellOf = (color: ColorRow | null, size: SizeRow | null) => cells[cellKey(color, size)] ?? emptyCell();
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
    setAnnouncement(`${what} set to ${value} for all ${variants.length} variants.`);
    changed();
  };

  const colorLabel = (i: number) => `colour ${i + 1}${colors[i]?.name ? ` (${colors[i]!.name})` : ""}`;
  const sizeLabel = (i: number) => `size ${i + 1}${sizes[i]?.name ? ` (${sizes[i]!.name})` : ""}`;

  return (
    <div className="space-y-8">
      <div className="grid gap-8 2xl:grid-cols-2">
        <fieldset>
          <legend className="text-base font-semibold text-stone-900">Colours</legend>
          <p className="mt-1 text-sm text-stone-600">A name shoppers choose by, and its swatch colour.</p>
          {errors.colors && <p className="mt-2 text-sm font-medium text-rose-700">{errors.colors}</p>}
          <ol ref={colorList} className="mt-3 space-y-3" aria-label="Colours">
            {colors.map((color, i) => {
              const nameError = errors[`colors.${i}.name`] ?? errors[`colors.${i}`];
              const hexError = errors[`colors.${i}.hex`];
              const nameId = idOf(`colors.${i}.name`);
              const hexId = idOf(`colors.${i}.hex`);
              return (
                <li key={color.key} data-row className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
                  <div className="min-w-0 flex-1 basis-32">
                    <label htmlFor={nameId} className="block text-xs font-medium text-stone-800">
                      Name <span className="sr-only">of colour {i + 1}</span>
                    </label>
                    <input
                      id={nameId}
                      name={`colors.${i}.name`}
                      value={color.name}
                      maxLength={60}
                      onChange={(e) => {
                        const name = e.currentTarget.value;
                        setColors((all) => all.map((c) => (c.key === color.key ? { ...c, name } : c)));
                        changed();
                      }}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={nameError ? `${nameId}-error` : undefined}
                      className={`mt-1 ${textInput(nameError)}`}
                    />
                    <FieldError id={`${nameId}-error`} error={nameError} />
                  </div>
                  <div className="w-36 shrink-0">
                    <label htmlFor={hexId} className="block text-xs font-medium text-stone-800">
                      Hex <span className="sr-only">colour of colour {i + 1}</span>
                    </label>
                    <div className="mt-1 flex items-center gap-1.5">
                      {hydrated ? (
                        <input
                          type="color"
                          aria-label={`Pick the swatch of colour ${i + 1}`}
                          value={HEX.test(color.hex) ? color.hex.toLowerCase() : "#000000"}
                          onChange={(e) => {
                            const hex = e.currentTarget.value;
                            setColors((all) => all.map((c) => (c.key === color.key ? { ...c, hex } : c)));
                            changed();
                          }}
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
                        onChange={(e) => {
                          const hex = e.currentTarget.value;
                          setColors((all) => all.map((c) => (c.key === color.key ? { ...c, hex } : c)));
                          changed();
                        }}
                        aria-invalid={hexError ? true : undefined}
                        aria-describedby={hexError ? `${hexId}-error` : undefined}
                        className={`${textInput(hexError)} font-mono`}
                      />
                    </div>
                    <FieldError id={`${hexId}-error`} error={hexError} />
                  </div>
                  {hydrated && (
                    <div className="ml-auto mt-5">
                      <RowButtons
                        index={i}
                        count={colors.length}
                        what={colorLabel(i)}
                        onMove={(from, to) => {
                          setColors((all) => moveItem(all, from, to));
                          setAnnouncement(`${colors[from]!.name || "Colour"} moved to position ${to + 1}.`);
                          focusMovedRow(colorList.current, to, to < from ? "up" : "down");
                          changed();
                        }}
                        onRemove={() => {
                          setColors((all) => all.filter((c) => c.key !== color.key));
                          setAnnouncement(`${color.name || "Colour"} removed, with its variants.`);
                          changed();
                        }}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {hydrated && (
            <button
              type="button"
              onClick={() => {
                setColors((all) => [...all, { key: rowKey("color"), name: "", hex: "" }]);
                changed();
                requestAnimationFrame(() => colorList.current?.querySelector<HTMLInputElement>("li:last-child input[name$='.name']")?.focus());
              }}
              className="mt-3 inline-flex h-10 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-50"
            >
              <span aria-hidden="true">+</span> Add a colour
            </button>
          )}
        </fieldset>

        <fieldset>
          <legend className="text-base font-semibold text-stone-900">Sizes</legend>
          <p className="mt-1 text-sm text-stone-600">In the order shoppers see them (S, M, L…).</p>
          {errors.sizes && <p className="mt-2 text-sm font-medium text-rose-700">{errors.sizes}</p>}
          <ol ref={sizeList} className="mt-3 space-y-3" aria-label="Sizes">
            {sizes.map((size, i) => {
              const error = errors[`sizes.${i}`];
              const base = idOf(`sizes.${i}`);
              return (
                <li key={size.key} data-row className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <label htmlFor={base} className="block text-xs font-medium text-stone-800">
                      Size {i + 1}
                    </label>
                    <input
                      id={base}
                      name={`sizes.${i}`}
                      value={size.name}
                      maxLength={40}
                      onChange={(e) => {
                        const name = e.currentTarget.value;
                        setSizes((all) => all.map((s) => (s.key === size.key ? { ...s, name } : s)));
                        changed();
                      }}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${base}-error` : undefined}
                      className={`mt-1 ${textInput(error)}`}
                    />
                    <FieldError id={`${base}-error`} error={error} />
                  </div>
                  {hydrated && (
                    <div className="mt-5">
                      <RowButtons
                        index={i}
                        count={sizes.length}
                        what={sizeLabel(i)}
                        onMove={(from, to) => {
                          setSizes((all) => moveItem(all, from, to));
                          setAnnouncement(`${sizes[from]!.name || "Size"} moved to position ${to + 1}.`);
                          focusMovedRow(sizeList.current, to, to < from ? "up" : "down");
                          changed();
                        }}
                        onRemove={() => {
                          setSizes((all) => all.filter((s) => s.key !== size.key));
                          setAnnouncement(`${size.name || "Size"} removed, with its variants.`);
                          changed();
                        }}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {hydrated && (
            <button
              type="button"
              onClick={() => {
                setSizes((all) => [...all, { key: rowKey("size"), name: "" }]);
                changed();
                requestAnimationFrame(() => sizeList.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus());
              }}
              className="mt-3 inline-flex h-10 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-50"
            >
              <span aria-hidden="true">+</span> Add a size
            </button>
          )}
        </fieldset>
      </div>

      {variants.length === 0 ? (
        <div className="max-w-xs">
          <label htmlFor={idOf("stock")} className="block text-sm font-medium text-stone-900">
            Stock
          </label>
          <input
            id={idOf("stock")}
            name="stock"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={stock}
            onChange={(e) => {
              setStock(e.currentTarget.value);
              changed();
            }}
            aria-invalid={errors.stock ? true : undefined}
            aria-describedby={`${idOf("stock")}-hint${errors.stock ? ` ${idOf("stock")}-error` : ""}`}
            className={`mt-1.5 ${textInput(errors.stock)} h-12`}
          />
          <p id={`${idOf("stock")}-hint`} className="mt-1.5 text-xs text-stone-600">
            Units in stock. Add colours or sizes to keep stock per variant instead.
          </p>
          <FieldError id={`${idOf("stock")}-error`} error={errors.stock} />
          {defaultValue.stockWas !== undefined && <input type="hidden" name="_stockWas" value={defaultValue.stockWas} />}
        </div>
      ) : (
        <section aria-labelledby="variants-heading">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h3 id="variants-heading" className="text-base font-semibold text-stone-900">
                Variants <span className="font-normal text-stone-600">({variants.length})</span>
              </h3>
              <p className="mt-1 text-sm text-stone-600">The extra price is added to the product’s price for that variant.</p>
            </div>
            {hydrated && (
              <div className="flex flex-wrap items-end gap-3" data-testid="variant-fill">
                <FillAll id="fill-stock" label="Stock for all" value={fillStock} onValue={setFillStock} onApply={() => applyToAll("stock", fillStock, "Stock")} />
                <FillAll
                  id="fill-price"
                  label="Extra price for all"
                  value={fillPrice}
                  onValue={setFillPrice}
                  onApply={() => applyToAll("additionalPrice", fillPrice, "Extra price")}
                  decimal
                />
              </div>
            )}
          </div>
          {errors.variants && <p className="mt-2 text-sm font-medium text-rose-700">{errors.variants}</p>}
          <table className="mt-4 w-full text-left text-sm max-md:block" data-testid="variant-matrix">
            <thead className="border-b border-stone-200 text-xs font-semibold uppercase tracking-wide text-stone-600 max-md:sr-only">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Variant
                </th>
                <th scope="col" className="px-3 py-2">
                  Extra price
                </th>
                <th scope="col" className="px-3 py-2">
                  Stock
                </th>
                <th scope="col" className="py-2 pl-3">
                  SKU
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3">
              {variants.map(({ color, size }, k) => {
                const key = cellKey(color, size);
                const cell = cellOf(color, size);
                const name = [color?.name || (color ? "(unnamed colour)" : null), size?.name || (size ? "(unnamed size)" : null)].filter(Boolean).join(" / ");
                const err = (f: string) => errors[`variants.${k}.${f}`];
                const rowError = errors[`variants.${k}`] ?? err("color") ?? err("size");
                const input = (field: "additionalPrice" | "stock" | "sku", label: string, extra: React.InputHTMLAttributes<HTMLInputElement>) => (
                  <>
                    <label htmlFor={idOf(`variants.${k}.${field}`)} className="block text-xs font-medium text-stone-800 md:sr-only">
                      {label} <span className="sr-only">of {name}</span>
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
                        onChange={(e) => setCell(key, { [field]: e.currentTarget.value })}
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
                  <tr key={key} className="border-b border-stone-100 align-top max-md:grid max-md:grid-cols-2 max-md:gap-3 max-md:rounded-xl max-md:border max-md:border-stone-200 max-md:bg-stone-50 max-md:p-3" data-testid="variant-row">
                    <th scope="row" className="py-2 pr-3 font-medium text-stone-900 max-md:col-span-2 max-md:p-0 md:min-w-[8.5rem]">
                      <span className="flex items-center gap-2">
                        {color && HEX.test(color.hex) && <span aria-hidden="true" className="size-4 shrink-0 rounded-full ring-1 ring-stone-300" style={{ backgroundColor: color.hex }} />}
                        {name}
                      </span>
                      {color && <input type="hidden" name={`variants.${k}.color`} value={color.name} />}
                      {size && <input type="hidden" name={`variants.${k}.size`} value={size.name} />}
                      {cell.stored && cell.stored.color === (color?.name ?? null) && cell.stored.size === (size?.name ?? null) && (
                        <input type="hidden" name={`_stockWas.${k}`} value={cell.stored.stock} />
                      )}
                      {rowError && <p className="mt-1 text-sm font-medium text-rose-700">{rowError}</p>}
                    </th>
                    <td className="px-3 py-2 max-md:p-0 md:w-32">{input("additionalPrice", "Extra price", { inputMode: "decimal", type: "number", step: "0.01", min: 0 })}</td>
                    <td className="px-3 py-2 max-md:p-0 md:w-24">{input("stock", "Stock", { inputMode: "numeric", type: "number", step: 1, min: 0 })}</td>
                    <td className="py-2 pl-3 max-md:col-span-2 max-md:p-0">{input("sku", "SKU", { maxLength: 64, autoCapitalize: "characters", spellCheck: false })}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function FillAll({ id, label, value, onValue, onApply, decimal = false }: { id: string; label: string; value: string; onValue: (v: string) => void; onApply: () => void; decimal?: boolean }) {
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
      <button type="button" aria-label={`Apply ${label.toLowerCase()}`} onClick={onApply} className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-900 hover:bg-stone-100">
        Apply
      </button>
    </div>
  );
}
