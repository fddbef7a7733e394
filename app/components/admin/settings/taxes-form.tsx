import { useEffect, useRef, useState } from "react";
import { AdminForm, FormCheckbox, FormErrorSummary, FormSubmit, FormText, fieldId, useField } from "~/components/admin/form";
import { StatusBadge, buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { FieldNotes, SelectField, TextField } from "~/components/form/fields";
import { regionCode, regionsOf } from "#common/geo";
import type { TaxSettings } from "#common/tax/tax.schema";
import { useT } from "~/lib/i18n";
import { RemoveRow, type Row, useRows } from "./row-editor";

// The tax settings' form (decision 54): how prices are entered, the shop's tax number and own
// state, the classes with the default one, shipping, and the regions with a rate per class. Posted
// as real fields (taxes-form.server.ts reads them), so it works before JavaScript loads: then the
// page offers one empty class and one empty region to fill in, and a "Remove" box per row.

export interface TaxesChoices {
  /** Countries for the selects, the shop's own first (the server's names, so the page and its hydration agree). */
  countries: ReadonlyArray<{ code: string; name: string }>;
  /** The shop's country (settings), whose state or province the shop names. */
  country: string;
}

/** What the form starts from: the stored taxes, or what was posted when the server refused it. */
export interface TaxesFormValues {
  pricesIncludeTax: boolean;
  taxNumber: string;
  region: string;
  classes: Array<{ i: number; name: string; stored: boolean }>;
  defaultClass: string;
  shippingTaxed: boolean;
  shippingTaxClass: string;
  regions: Array<{ i: number; country: string; region: string; name: string; rates: Record<string, string> }>;
}

/** What regions call their tax, offered as suggestions (any other name is taken). */
const TAX_NAMES = ["VAT", "GST", "HST", "PST", "QST", "Sales tax", "IVA", "MwSt.", "TVA"];

/** The form's values for the stored taxes. */
export function taxesFormValues(taxes: TaxSettings): TaxesFormValues {
  return {
    pricesIncludeTax: taxes.pricesIncludeTax,
    taxNumber: taxes.taxNumber,
    region: taxes.region ?? "",
    classes: taxes.classes.map((name, i) => ({ i, name, stored: true })),
    defaultClass: taxes.defaultClass,
    shippingTaxed: taxes.shippingTaxed,
    shippingTaxClass: taxes.shippingTaxClass,
    regions: taxes.regions.map((r, i) => ({
      i,
      country: r.country,
      region: r.region ?? "",
      name: r.name ?? "",
      rates: Object.fromEntries(Object.entries(r.rates).map(([name, rate]) => [name, String(rate)])),
    })),
  };
}

/** The rows of `group` a refused form posted (`<group>.<i>.<field>`), in order, without those ticked for removal. */
function postedRows(values: Record<string, string>, group: string, field: string): number[] {
  const pattern = new RegExp(`^${group}\\.(\\d+)\\.${field}$`);
  const rows = Object.keys(values)
    .map((key) => pattern.exec(key))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .filter((i) => values[`${group}.${i}.remove`] !== "on");
  return [...new Set(rows)].sort((a, b) => a - b);
}

/**
 * The form's values from what a refused save posted, so the page shows every row typed again
 * under the names it posted them with (the answer's errors name those); rows left blank are not
 * shown again (the page adds its empty row).
 */
export function taxesPostedValues(values: Record<string, string>, stored: TaxSettings): TaxesFormValues {
  const get = (key: string) => values[key] ?? "";
  const classes = postedRows(values, "classes", "name")
    .map((i) => ({ i, name: get(`classes.${i}.name`).trim(), stored: values[`classes.${i}.stored`] === "1" }))
    .filter((c) => c.name !== "");
  const regions = postedRows(values, "regions", "country").map((i) => {
    const prefix = `regions.${i}.rates.`;
    const rates = Object.fromEntries(Object.entries(values).flatMap(([key, value]) => (key.startsWith(prefix) ? [[key.slice(prefix.length), value]] : [])));
    return { i, country: get(`regions.${i}.country`), region: get(`regions.${i}.region`), name: get(`regions.${i}.name`), rates };
  });
  return {
    pricesIncludeTax: values.pricesIncludeTax === "true",
    taxNumber: get("taxNumber"),
    region: get("region"),
    classes: classes.length ? classes : taxesFormValues(stored).classes,
    defaultClass: get("defaultClass") || stored.defaultClass,
    shippingTaxed: values.shippingTaxed === "on",
    shippingTaxClass: get("shippingTaxClass") || stored.shippingTaxClass,
    regions: regions.filter((r) => r.country || r.region || r.name || Object.values(r.rates).some((v) => v.trim() !== "")),
  };
}

/** A class name as the rates' fields are named by it (the settings keep names in lower case). */
const classKey = (name: string) => name.trim().toLowerCase();

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-stone-700">{description}</p>}
      <div className="mt-4 space-y-5">{children}</div>
    </section>
  );
}

/** The next index for a new row: above every one the page has used, so a row's fields keep their names. */
function useNextIndex(used: number[]) {
  const next = useRef(Math.max(-1, ...used) + 1);
  return () => next.current++;
}

/**
 * The taxes form, saved at once by one plain POST. The server's refusal shows beside each field
 * (a region's rate beside its input) and in a summary at the top; leaving with unsaved changes
 * asks first.
 */
export function TaxesForm({ initial, version, choices }: { initial: TaxesFormValues; version: string; choices: TaxesChoices }) {
  const t = useT();
  const hydrated = useHydrated();
  const classes = useRows(initial.classes);
  const regions = useRows(initial.regions);
  const nextClass = useNextIndex(initial.classes.map((c) => c.i));
  const nextRegion = useNextIndex(initial.regions.map((r) => r.i));
  const [blankClass] = useState(nextClass);
  const [blankRegion] = useState(nextRegion);
  // The names typed in new classes' rows, by row: the rates' columns and the class selects follow them.
  const [typed, setTyped] = useState<Record<string, string>>({});
  // A new object each time, so moving the focus to the same place twice moves it twice.
  const [focus, setFocus] = useState<{ field: string } | null>(null);

  const names = [...new Set(classes.rows.map((row) => classKey(typed[row.key] ?? row.name)).filter((name) => /^[a-z0-9-]{1,40}$/.test(name)))];
  const defaultField = useField("defaultClass", initial.defaultClass);
  const shippingField = useField("shippingTaxClass", initial.shippingTaxClass);
  const [defaultClass, setDefaultClass] = useState(defaultField.defaultValue ?? "");
  const [shippingClass, setShippingClass] = useState(shippingField.defaultValue ?? "");
  // A class removed while chosen leaves its select on the first class, as the browser does.
  const effectiveDefault = names.includes(defaultClass) ? defaultClass : (names[0] ?? "");
  const effectiveShipping = names.includes(shippingClass) ? shippingClass : (names[0] ?? "");

  useEffect(() => {
    if (focus) document.getElementById(fieldId("taxes", focus.field))?.focus();
  }, [focus]);

  const classOptions = names.map((name) => ({ value: name, label: name }));
  const shownRegions = hydrated
    ? regions.rows
    : [...regions.rows, { key: "blank", i: blankRegion, country: "", region: "", name: "", rates: {} } as Row<TaxesFormValues["regions"][number]>];

  return (
    <AdminForm method="post" idPrefix="taxes" warnUnsaved className="space-y-6" data-testid="taxes-form">
      <FormErrorSummary title={t("admin.taxes.notSaved")} />
      <input type="hidden" name="version" value={version} />

      <Section id="prices" title={t("admin.taxes.prices")}>
        <PricesChoice initial={initial.pricesIncludeTax} />
      </Section>

      <Section id="shop" title={t("admin.taxes.shop")}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormText name="taxNumber" label={t("admin.taxes.taxNumber")} maxLength={40} defaultValue={initial.taxNumber} hint={t("admin.taxes.taxNumberHint")} />
          <ShopRegion
            country={choices.country}
            countryName={choices.countries.find((c) => c.code === choices.country)?.name ?? choices.country}
            initial={initial.region}
          />
        </div>
      </Section>

      <Section id="classes" title={t("admin.taxes.classes")} description={t("admin.taxes.classesText")}>
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200" data-testid="classes-editor">
          {[...classes.rows, ...(hydrated ? [] : [{ key: "blank", i: blankClass, name: "", stored: false }])].map((row) => {
            const name = classKey(typed[row.key] ?? row.name);
            const inUse = name !== "" && (name === effectiveDefault || name === effectiveShipping);
            return (
              <ClassRow
                key={row.key}
                row={row}
                blank={row.key === "blank"}
                inUse={inUse}
                usedAs={name === effectiveDefault ? t("admin.taxes.defaultBadge") : t("admin.taxes.shippingBadge")}
                onName={(value) => setTyped((was) => ({ ...was, [row.key]: value }))}
                onRemove={() => {
                  classes.remove(row.key);
                  setFocus({ field: "add-class" });
                }}
              />
            );
          })}
        </ul>
        {hydrated && classes.rows.length < 30 && (
          <button
            type="button"
            id={fieldId("taxes", "add-class")}
            className={buttonClass("secondary", "sm")}
            onClick={() => {
              const i = nextClass();
              classes.add({ i, name: "", stored: false });
              setFocus({ field: `classes.${i}.name` });
            }}
          >
            {t("admin.taxes.addClass")}
          </button>
        )}
        <SelectField
          name="defaultClass"
          id={defaultField.id}
          label={t("admin.taxes.defaultClass")}
          hint={t("admin.taxes.defaultClassHint")}
          error={defaultField.error}
          options={classOptions}
          defaultValue={defaultField.defaultValue}
          onChange={(e) => setDefaultClass(e.currentTarget.value)}
          className="sm:max-w-xs"
        />
      </Section>

      <Section id="shipping" title={t("admin.taxes.shipping")}>
        <FormCheckbox
          name="shippingTaxed"
          label={t("admin.taxes.shippingTaxed")}
          defaultChecked={initial.shippingTaxed}
          hint={t("admin.taxes.shippingTaxedHint")}
        />
        <SelectField
          name="shippingTaxClass"
          id={shippingField.id}
          label={t("admin.taxes.shippingClass")}
          hint={t("admin.taxes.shippingClassHint")}
          error={shippingField.error}
          options={classOptions}
          defaultValue={shippingField.defaultValue}
          onChange={(e) => setShippingClass(e.currentTarget.value)}
          className="sm:max-w-xs"
        />
      </Section>

      <Section id="regions" title={t("admin.taxes.regions")} description={t("admin.taxes.regionsText")}>
        <datalist id="taxes-names">
          {TAX_NAMES.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {regions.rows.length === 0 && hydrated && <p className="text-sm text-stone-700">{t("admin.taxes.noRegions")}</p>}
        <div
          className="xl:overflow-hidden xl:rounded-xl xl:border xl:border-stone-200"
          data-testid="regions-editor"
          style={{ "--rate-cols": Math.max(1, names.length) } as React.CSSProperties}
        >
          {(regions.rows.length > 0 || !hydrated) && (
            <div
              aria-hidden="true"
              className={`hidden border-b border-stone-200 bg-stone-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-stone-600 xl:grid ${ROW_GRID}`}
            >
              <span>{t("admin.taxes.country")}</span>
              <span>{t("admin.taxes.region")}</span>
              <span>{t("admin.taxes.taxName")}</span>
              {names.length ? names.map((name) => <span key={name}>{t("admin.taxes.rateFor", { name })}</span>) : <span />}
              <span />
            </div>
          )}
          <ol className="space-y-3 xl:space-y-0 xl:divide-y xl:divide-stone-200">
            {shownRegions.map((row, n) => (
              <RegionRow
                key={row.key}
                row={row}
                n={n + 1}
                blank={row.key === "blank"}
                classes={names}
                choices={choices}
                onRemove={() => {
                  regions.remove(row.key);
                  setFocus({ field: "add-region" });
                }}
              />
            ))}
          </ol>
        </div>
        {hydrated && regions.rows.length < 500 && (
          <button
            type="button"
            id={fieldId("taxes", "add-region")}
            className={buttonClass("secondary", "sm")}
            onClick={() => {
              const i = nextRegion();
              regions.add({ i, country: "", region: "", name: "", rates: {} });
              setFocus({ field: `regions.${i}.country` });
            }}
          >
            {t("admin.taxes.addRegion")}
          </button>
        )}
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <FormSubmit busyLabel={t("admin.form.saving")}>{t("admin.taxes.save")}</FormSubmit>
      </div>
    </AdminForm>
  );
}

/** The row layout of the regions on wide screens: country, region, tax name, a rate per class, remove. */
const ROW_GRID =
  "xl:grid-cols-[minmax(8.5rem,1.4fr)_minmax(8rem,1.2fr)_minmax(5.5rem,1fr)_repeat(var(--rate-cols),minmax(4.5rem,0.8fr))_6rem] xl:gap-2 xl:items-start";

/** Prices with tax included (EU style) or tax added at checkout (US style): a radio pair. */
function PricesChoice({ initial }: { initial: boolean }) {
  const t = useT();
  const field = useField("pricesIncludeTax", String(initial));
  const options = [
    { value: "true", label: t("admin.taxes.pricesInclude"), hint: t("admin.taxes.pricesIncludeHint") },
    { value: "false", label: t("admin.taxes.pricesExclude"), hint: t("admin.taxes.pricesExcludeHint") },
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-900">{t("admin.taxes.pricesLegend")}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {options.map((o) => {
          const id = `${field.id}-${o.value}`;
          return (
            <div key={o.value} className="flex gap-3 rounded-xl border border-stone-200 p-3 has-[:checked]:border-stone-900 has-[:checked]:bg-stone-50">
              <input
                id={id}
                type="radio"
                name="pricesIncludeTax"
                value={o.value}
                defaultChecked={field.defaultValue === o.value}
                aria-describedby={`${id}-hint`}
                className="mt-0.5 size-5 shrink-0 accent-stone-900"
              />
              <div>
                <label htmlFor={id} className="text-sm font-medium text-stone-900">
                  {o.label}
                </label>
                <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
                  {o.hint}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      <FieldNotes id={field.id} name="pricesIncludeTax" error={field.error} />
    </fieldset>
  );
}

/** The shop's own state or province: a select where its country has a list, else text. */
function ShopRegion({ country, countryName, initial }: { country: string; countryName: string; initial: string }) {
  const t = useT();
  const field = useField("region", initial);
  const list = regionsOf(country);
  const hint = t("admin.taxes.shopRegionHint", { country: countryName });
  if (!list) return <FormText name="region" label={t("admin.taxes.shopRegion")} maxLength={100} defaultValue={initial} hint={hint} />;
  return (
    <SelectField
      name="region"
      id={field.id}
      label={t("admin.taxes.shopRegionOf", { label: list.label })}
      hint={hint}
      error={field.error}
      defaultValue={field.defaultValue}
      options={[{ value: "", label: t("admin.taxes.noShopRegion") }, ...Object.entries(list.regions).map(([code, name]) => ({ value: code, label: name }))]}
    />
  );
}

/** One tax class: a stored one by its name (its rates and products keep it), a new one typed; Remove unless it is in use as the default or shipping class. */
function ClassRow({
  row,
  blank,
  inUse,
  usedAs,
  onName,
  onRemove,
}: {
  row: Row<TaxesFormValues["classes"][number]>;
  blank: boolean;
  inUse: boolean;
  usedAs: string;
  onName: (name: string) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const name = `classes.${row.i}.name`;
  const field = useField(name, row.name);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="class-row">
      {row.stored ? (
        <>
          <input type="hidden" name={name} value={row.name} />
          <input type="hidden" name={`classes.${row.i}.stored`} value="1" />
          <span className="text-sm font-semibold text-stone-900" id={field.id}>
            {row.name}
          </span>
          {field.error && <p className="w-full text-sm font-medium text-rose-700">{field.error}</p>}
        </>
      ) : (
        <TextField
          name={name}
          id={field.id}
          label={blank ? t("admin.taxes.newClass") : t("admin.taxes.className")}
          maxLength={40}
          defaultValue={field.defaultValue}
          error={field.error}
          hint={t("admin.taxes.classNameHint")}
          className="min-w-0 flex-1"
          autoComplete="off"
          onChange={(e) => onName(e.currentTarget.value)}
        />
      )}
      {inUse ? (
        <StatusBadge tone="neutral">{usedAs}</StatusBadge>
      ) : (
        !blank && (
          <RemoveRow group="classes" index={row.i} label={t("admin.taxes.classNamed", { name: row.name || t("admin.taxes.newClass") })} onRemove={onRemove} />
        )
      )}
    </li>
  );
}

/** A labelled cell of a region's row: its label shows above it on a narrow screen, and to screen readers only on a wide one (the columns' header says it). */
function Cell({ name, label, error, children }: { name: string; label: string; error?: string; children: (props: CellProps) => React.ReactNode }) {
  const id = fieldId("taxes", name);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900 xl:sr-only">
        {label}
      </label>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
        className: `mt-1.5 block h-11 w-full rounded-xl border bg-white px-3 text-base text-stone-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 xl:mt-0 xl:px-2.5 xl:text-sm ${
          error ? "border-rose-600 focus-visible:outline-rose-700" : "border-stone-300 focus:border-stone-900 focus-visible:outline-stone-900"
        }`,
      })}
      <FieldNotes id={id} name={name} error={error} />
    </div>
  );
}

interface CellProps {
  id: string;
  name: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  className: string;
}

/** One tax region: its country, state or province (a select for countries with a list), what its tax is called, and a rate per class. */
function RegionRow({
  row,
  n,
  blank,
  classes,
  choices,
  onRemove,
}: {
  row: Row<TaxesFormValues["regions"][number]>;
  n: number;
  blank: boolean;
  classes: string[];
  choices: TaxesChoices;
  onRemove: () => void;
}) {
  const t = useT();
  const name = (field: string) => `regions.${row.i}.${field}`;
  const countryField = useField(name("country"), row.country);
  const regionField = useField(name("region"), row.region);
  const nameField = useField(name("name"), row.name);
  const [country, setCountry] = useState(countryField.defaultValue ?? "");
  const [region, setRegion] = useState(regionField.defaultValue ?? "");
  const list = regionsOf(country);
  const code = list ? (regionCode(country, region) ?? "") : "";
  const countryName = choices.countries.find((c) => c.code === country)?.name;
  const regionName = list ? (code ? list.regions[code] : "") : region;
  const title = blank ? t("admin.taxes.newRegion") : countryName ? [countryName, regionName].filter(Boolean).join(", ") : t("admin.taxes.regionN", { n });
  const titleId = `taxes-region-${row.i}`;
  return (
    <li className="rounded-xl border border-stone-200 bg-stone-50 p-3 xl:rounded-none xl:border-0 xl:bg-white" data-testid="region-row">
      <div role="group" aria-labelledby={titleId}>
        <p id={titleId} className="mb-2 text-sm font-semibold text-stone-900 xl:sr-only">
          {title}
        </p>
        <div className={`grid grid-cols-2 gap-3 xl:grid ${ROW_GRID}`}>
          <Cell name={name("country")} label={t("admin.taxes.country")} error={countryField.error}>
            {(props) => (
              <select
                {...props}
                defaultValue={countryField.defaultValue}
                onChange={(e) => {
                  setCountry(e.currentTarget.value);
                  setRegion("");
                }}
              >
                <option value="">{t("admin.taxes.chooseCountry")}</option>
                {choices.countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Cell>
          <Cell
            name={name("region")}
            label={list ? t("admin.taxes.regionOf", { label: list.label }) : t("admin.taxes.regionOptional")}
            error={regionField.error}
          >
            {(props) =>
              list ? (
                // A new key when the country changes: the field starts again from "whole country".
                <select key={country} {...props} defaultValue={code} onChange={(e) => setRegion(e.currentTarget.value)}>
                  <option value="">{t("admin.taxes.wholeCountry")}</option>
                  {Object.entries(list.regions).map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  key={country || "none"}
                  {...props}
                  maxLength={100}
                  autoComplete="off"
                  placeholder={t("admin.taxes.wholeCountry")}
                  defaultValue={region}
                  onChange={(e) => setRegion(e.currentTarget.value)}
                />
              )
            }
          </Cell>
          <Cell name={name("name")} label={t("admin.taxes.taxName")} error={nameField.error}>
            {(props) => (
              <input
                {...props}
                maxLength={30}
                autoComplete="off"
                list="taxes-names"
                placeholder={t("admin.taxes.taxNamePlaceholder")}
                defaultValue={nameField.defaultValue}
              />
            )}
          </Cell>
          <div className="col-span-2 grid grid-cols-3 gap-3 sm:grid-cols-4 xl:contents">
            {classes.length === 0 && <span className="hidden xl:block" />}
            {classes.map((cls) => (
              <RateCell key={cls} name={name(`rates.${cls}`)} label={t("admin.taxes.rateFor", { name: cls })} initial={row.rates[cls] ?? ""} />
            ))}
          </div>
          <div className="col-span-2 flex justify-end xl:col-span-1 xl:min-h-11 xl:items-center">
            {!blank && <RemoveRegion index={row.i} label={t("admin.taxes.regionNamed", { name: title })} onRemove={onRemove} />}
          </div>
        </div>
      </div>
    </li>
  );
}

/** A region's Remove: RemoveRow's button with JavaScript; without it a box whose visible label is short enough for the row's last column. */
function RemoveRegion({ index, label, onRemove }: { index: number; label: string; onRemove: () => void }) {
  const hydrated = useHydrated();
  const t = useT();
  if (hydrated) return <RemoveRow group="regions" index={index} label={label} onRemove={onRemove} />;
  const id = fieldId("taxes", `regions.${index}.remove`);
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" name={`regions.${index}.remove`} className="size-5 rounded border-stone-400 accent-stone-900" />
      <label htmlFor={id} className="text-sm text-stone-800">
        {t("admin.settings.remove")}
        <span className="sr-only"> {label}</span>
      </label>
    </div>
  );
}

/** A rate in percent, for one class in one region. */
function RateCell({ name, label, initial }: { name: string; label: string; initial: string }) {
  const field = useField(name, initial);
  return (
    <Cell name={name} label={label} error={field.error}>
      {(props) => (
        <div className="relative">
          <input {...props} inputMode="decimal" autoComplete="off" defaultValue={field.defaultValue} className={`${props.className} pr-7`} />
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-sm text-stone-600">
            %
          </span>
        </div>
      )}
    </Cell>
  );
}
