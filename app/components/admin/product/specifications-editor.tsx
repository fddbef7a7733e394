import { useRef, useState } from "react";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useT } from "~/lib/i18n";
import { moveItem, rowKey } from "./list-moves";
import { RowButtons, focusMovedRow } from "./row-buttons";

export interface Specification {
  name: string;
  value: string;
}

interface Row extends Specification {
  key: string;
}

const inputClass = (error?: string) =>
  `mt-1 block h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 ${error ? "border-rose-600" : "border-stone-300"}`;

/**
 * Name/value rows of a product's specifications table, posted as `specifications.<i>.name` and
 * `specifications.<i>.value` in their order. Rows are added, removed and reordered with buttons
 * (keyboard-usable); without JavaScript the stored rows and one empty row are plain inputs.
 * A field error for `specifications.2.value` shows under the third row's value.
 */
export function SpecificationsEditor({
  defaultValue,
  errors = {},
  idOf = (name) => `spec-field-${name.replace(/[^\w-]/g, "-")}`,
  onChange,
}: {
  defaultValue: Specification[];
  errors?: Record<string, string>;
  /** The id of the input named `name` (the form's error summary links to it). */
  idOf?: (name: string) => string;
  onChange?: () => void;
}) {
  const hydrated = useHydrated();
  const list = useRef<HTMLOListElement>(null);
  const [rows, setRows] = useState<Row[]>(() =>
    [...defaultValue, ...(defaultValue.length ? [] : [{ name: "", value: "" }])].map((s) => ({ ...s, key: rowKey("spec") })),
  );
  const [announcement, setAnnouncement] = useState("");
  const t = useT();
  // Before JavaScript one spare row lets a new specification be typed in.
  const withSpare = hydrated || rows.some((r) => !r.name && !r.value) ? rows : [...rows, { name: "", value: "", key: "spare" }];

  const update = (next: Row[]) => {
    setRows(next);
    onChange?.();
  };
  const edit = (index: number, field: "name" | "value", text: string) => update(rows.map((r, i) => (i === index ? { ...r, [field]: text } : r)));
  const move = (from: number, to: number) => {
    update(moveItem(rows, from, to));
    setAnnouncement(t("admin.specs.moved", { name: rows[from]!.name || t("admin.specs.specification"), position: to + 1, count: rows.length }));
    focusMovedRow(list.current, to, to < from ? "up" : "down");
  };
  const remove = (index: number) => {
    update(rows.filter((_, i) => i !== index));
    setAnnouncement(t("admin.specs.removed", { name: rows[index]!.name || t("admin.specs.specification") }));
  };
  const add = () => {
    update([...rows, { name: "", value: "", key: rowKey("spec") }]);
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus());
  };

  return (
    <div>
      {errors.specifications && (
        <p className="mb-2 text-sm font-medium text-rose-700" data-testid="specifications-error">
          {errors.specifications}
        </p>
      )}
      <ol ref={list} className="space-y-3" aria-label={t("admin.productForm.specifications")}>
        {withSpare.map((row, i) => {
          const nameError = errors[`specifications.${i}.name`];
          const valueError = errors[`specifications.${i}.value`];
          const rowError = errors[`specifications.${i}`];
          const nameId = idOf(`specifications.${i}.name`);
          const valueId = idOf(`specifications.${i}.value`);
          return (
            <li
              key={row.key}
              data-row
              className="rounded-xl border border-stone-200 bg-stone-50 p-3 sm:flex sm:items-start sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0"
            >
              <div className="grid flex-1 gap-2 sm:grid-cols-2 sm:gap-3">
                <div>
                  <label htmlFor={nameId} className="block text-xs font-medium text-stone-800">
                    {t("admin.specs.name")} <span className="sr-only">{t("admin.specs.ofSpecification", { n: i + 1 })}</span>
                  </label>
                  <input
                    id={nameId}
                    name={`specifications.${i}.name`}
                    value={row.name}
                    onChange={(e) => edit(i, "name", e.currentTarget.value)}
                    placeholder={t("admin.specs.namePlaceholder")}
                    maxLength={200}
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError ? `${nameId}-error` : undefined}
                    className={inputClass(nameError)}
                  />
                  {nameError && (
                    <p id={`${nameId}-error`} className="mt-1 text-sm font-medium text-rose-700">
                      {nameError}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={valueId} className="block text-xs font-medium text-stone-800">
                    {t("admin.specs.value")} <span className="sr-only">{t("admin.specs.ofSpecification", { n: i + 1 })}</span>
                  </label>
                  <input
                    id={valueId}
                    name={`specifications.${i}.value`}
                    value={row.value}
                    onChange={(e) => edit(i, "value", e.currentTarget.value)}
                    placeholder={t("admin.specs.valuePlaceholder")}
                    maxLength={1000}
                    aria-invalid={valueError ? true : undefined}
                    aria-describedby={valueError ? `${valueId}-error` : undefined}
                    className={inputClass(valueError)}
                  />
                  {valueError && (
                    <p id={`${valueId}-error`} className="mt-1 text-sm font-medium text-rose-700">
                      {valueError}
                    </p>
                  )}
                </div>
                {rowError && <p className="text-sm font-medium text-rose-700 sm:col-span-2">{rowError}</p>}
              </div>
              {hydrated && (
                <div className="mt-2 flex justify-end sm:mt-6">
                  <RowButtons
                    index={i}
                    count={rows.length}
                    what={row.name ? t("admin.specs.rowNamed", { n: i + 1, name: row.name }) : t("admin.specs.row", { n: i + 1 })}
                    onMove={move}
                    onRemove={() => remove(i)}
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
          onClick={add}
          className="mt-3 inline-flex h-10 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-50"
        >
          <span aria-hidden="true">+</span> {t("admin.specs.add")}
        </button>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
