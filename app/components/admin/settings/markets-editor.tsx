import { useEffect, useRef, useState } from "react";
import { FormCheckbox, FormSelect, fieldId, useField } from "~/components/admin/form";
import { StatusBadge, buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { SelectField, TextField } from "~/components/form/fields";
import { LocalDate } from "~/components/orders/order-view";
import type { SiteSettings } from "#common/content/content.schema";
import { type MarketSettings, type OfferedCurrency, ROUNDINGS, type Rounding, convertPrice, currencyForLanguage, marketOf } from "#common/currency";
import type { MessageKey } from "#common/i18n/catalogs";
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, type Language } from "#common/i18n/languages";
import { formatMoney } from "#common/money";
import { useLanguage, useRichT, useT } from "~/lib/i18n";
import { RemoveRow, type Row, useRows } from "./row-editor";

// The settings' languages and currencies (decision 52): which languages the storefront serves and
// the currency each opens in, and the presentment currencies with their rate, rounding and cash on
// delivery. Posted as real fields (`languages.<code>.served`, `languages.<code>.currency`,
// `currencies.<i>.code|rate|rounding|cashOnDelivery`) that settings-form.server.ts reads.

/** What the section names its choices with: the server's words, so the page and its hydration agree. */
export interface MarketChoices {
  /** Every currency the runtime formats, with its English name. */
  currencies: ReadonlyArray<{ code: string; name: string }>;
  /** Each shipped language's English name. */
  languageNames: Record<Language, string>;
}

const ROUNDING_LABELS: Record<Rounding, MessageKey> = {
  none: "admin.markets.rounding.none",
  "0.99": "admin.markets.rounding.99",
  "0.95": "admin.markets.rounding.95",
  "0.00": "admin.markets.rounding.00",
};

/** The amount of the base currency each currency's preview converts (major units). */
const PREVIEW_AMOUNT = 100;

const CURRENCY_CODE = /^[A-Z]{3}$/;

type CurrencyRow = Partial<OfferedCurrency>;

/** Money in a currency, or the code and the figure when the runtime does not know it. */
function money(amount: number, currency: string, locale: string): string {
  try {
    return formatMoney(amount, currency, locale);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

/** The settings a market is read from, for the currencies as the form holds them now (common/currency.ts reads them). */
function marketSettings(base: string, currencies: readonly OfferedCurrency[]): MarketSettings {
  return { currency: base, cashOnDelivery: true, currencies, languages: [] };
}

/**
 * The languages and currencies section's fields: a group per shipped language (served or not,
 * its default currency) and the presentment currencies' rows, each with a preview of a converted
 * price by the one conversion rule (common/currency.ts convertPrice).
 */
export function MarketsEditor({ settings, choices }: { settings: SiteSettings; choices: MarketChoices }) {
  const hydrated = useHydrated();
  const t = useT();
  const { rows, add, remove } = useRows<CurrencyRow>(settings.currencies);
  // Each row's currency as chosen now, for the languages' currency lists.
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const shown = hydrated ? rows : [...rows, { key: "blank" } as Row<CurrencyRow>];
  const base = settings.currency;

  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(fieldId("settings", `currencies.${focusRow}.code`))?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const offered = [...new Set(rows.map((row) => (codes[row.key] ?? row.code ?? "").toUpperCase()).filter((code) => CURRENCY_CODE.test(code) && code !== base))];

  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-stone-900">{t("admin.markets.languages")}</legend>
        <p className="mt-1 text-xs text-stone-600">{t("admin.markets.languagesText", { base })}</p>
        <ul className="mt-3 divide-y divide-stone-200 rounded-xl border border-stone-200" data-testid="languages-editor">
          {LANGUAGES.map((code) => (
            <LanguageRow key={code} code={code} settings={settings} offered={offered} choices={choices} />
          ))}
        </ul>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-stone-900">{t("admin.markets.currencies")}</legend>
        <p className="mt-1 text-xs text-stone-600">{t("admin.markets.currenciesText", { base })}</p>
        {rows.length === 0 && hydrated && <p className="mt-3 text-sm text-stone-700">{t("admin.markets.noCurrencies", { base })}</p>}
        <ol className="mt-3 space-y-4" data-testid="currencies-editor">
          {shown.map((row, i) => (
            <CurrencyRowFields
              key={row.key}
              row={row}
              index={i}
              blank={row.key === "blank"}
              base={base}
              choices={choices}
              onCode={(code) => setCodes((was) => (was[row.key] === code ? was : { ...was, [row.key]: code }))}
              onRemove={() => {
                remove(row.key);
                addButton.current?.focus();
              }}
            />
          ))}
        </ol>
        {hydrated && rows.length < 50 && (
          <button
            ref={addButton}
            type="button"
            className={`${buttonClass("secondary", "sm")} mt-3`}
            onClick={() => {
              add({ code: "", rounding: "none", cashOnDelivery: true });
              setFocusRow(rows.length);
            }}
          >
            {t("admin.markets.add")}
          </button>
        )}
      </fieldset>
    </>
  );
}

/** One shipped language: whether the storefront serves it (the default one always), and the currency its pages open in. */
function LanguageRow({ code, settings, offered, choices }: { code: Language; settings: SiteSettings; offered: string[]; choices: MarketChoices }) {
  const t = useT();
  const stored = settings.languages.find((l) => l.code === code);
  const base = settings.currency;
  const name = choices.languageNames[code];
  const own = LANGUAGE_NAMES[code];
  const title = name === own ? name : t("admin.markets.languageName", { name, own });
  const titleId = `settings-language-${code}`;
  const automatic = currencyForLanguage(
    marketSettings(
      base,
      offered.map((c) => ({ code: c, rate: 1, rounding: "none", cashOnDelivery: true })),
    ),
    code,
  );
  const options = [
    { value: "", label: t("admin.markets.automatic", { currency: automatic }) },
    { value: base, label: t("admin.markets.baseCurrency", { currency: base }) },
    ...offered.map((c) => ({ value: c, label: c })),
  ];
  return (
    <li className="p-3 sm:p-4">
      <div role="group" aria-labelledby={titleId} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:items-center">
        <div>
          <p id={titleId} className="text-sm font-semibold text-stone-900">
            {title}
          </p>
          <div className="mt-2">
            {code === DEFAULT_LANGUAGE ? (
              <StatusBadge tone="success">{t("admin.markets.alwaysServed")}</StatusBadge>
            ) : (
              <FormCheckbox name={`languages.${code}.served`} label={t("admin.markets.served")} defaultChecked={Boolean(stored)} />
            )}
          </div>
        </div>
        <FormSelect name={`languages.${code}.currency`} label={t("admin.markets.defaultCurrency")} options={options} defaultValue={stored?.currency ?? ""} />
      </div>
    </li>
  );
}

/** One presentment currency: its code, rate, rounding, cash on delivery, when its rate was set, and a preview. */
function CurrencyRowFields({
  row,
  index,
  blank,
  base,
  choices,
  onCode,
  onRemove,
}: {
  row: Row<CurrencyRow>;
  index: number;
  blank: boolean;
  base: string;
  choices: MarketChoices;
  onCode: (code: string) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const richT = useRichT();
  const { locale } = useLanguage();
  const name = (field: string) => `currencies.${index}.${field}`;
  const codeField = useField(name("code"), row.code ?? "");
  const rateField = useField(name("rate"), row.rate == null ? "" : String(row.rate));
  const roundingField = useField(name("rounding"), row.rounding ?? "none");
  const [code, setCode] = useState(codeField.defaultValue ?? "");
  const [rate, setRate] = useState(rateField.defaultValue ?? "");
  const [rounding, setRounding] = useState(roundingField.defaultValue ?? "none");

  // The section's languages offer the currency chosen here.
  const report = useRef(onCode);
  report.current = onCode;
  useEffect(() => report.current(code), [code]);

  const currencyName = choices.currencies.find((c) => c.code === code)?.name;
  const titleId = `settings-currency-${index}`;
  const title = blank
    ? t("admin.markets.newCurrency")
    : currencyName
      ? t("admin.markets.currencyOption", { code, name: currencyName })
      : t("admin.markets.currencyN", { n: index + 1 });
  const rateNumber = Number(rate.trim());
  const market =
    rate.trim() !== "" && Number.isFinite(rateNumber) && rateNumber > 0
      ? marketOf(marketSettings(base, [{ code, rate: rateNumber, rounding: rounding as Rounding, cashOnDelivery: true }]), code)
      : null;
  const preview =
    market && !market.base
      ? t("admin.markets.preview", {
          from: money(PREVIEW_AMOUNT, base, locale),
          to: money(convertPrice(PREVIEW_AMOUNT * 100, market) / 100, code, locale),
        })
      : t("admin.markets.previewNone");

  return (
    <li className="rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4" data-testid="currency-row">
      <div role="group" aria-labelledby={titleId}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={titleId} className="text-sm font-semibold text-stone-900">
            {title}
          </p>
          {!blank && (
            <RemoveRow group="currencies" index={index} label={t("admin.markets.currencyNamed", { code: code || String(index + 1) })} onRemove={onRemove} />
          )}
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <SelectField
            name={name("code")}
            id={codeField.id}
            label={t("admin.markets.code")}
            defaultValue={codeField.defaultValue}
            error={codeField.error}
            options={[
              { value: "", label: t("admin.markets.chooseCurrency") },
              ...choices.currencies.filter((c) => c.code !== base).map((c) => ({ value: c.code, label: t("admin.markets.currencyOption", c) })),
            ]}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <TextField
            name={name("rate")}
            id={rateField.id}
            label={CURRENCY_CODE.test(code) ? t("admin.markets.rate", { code, base }) : t("admin.markets.rateUnits", { base })}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={rateField.defaultValue}
            error={rateField.error}
            hint={t("admin.markets.rateHint", { base })}
            onChange={(e) => setRate(e.currentTarget.value)}
          />
          <SelectField
            name={name("rounding")}
            id={roundingField.id}
            label={t("admin.markets.rounding")}
            defaultValue={roundingField.defaultValue}
            error={roundingField.error}
            options={ROUNDINGS.map((r) => ({ value: r, label: t(ROUNDING_LABELS[r]) }))}
            onChange={(e) => setRounding(e.currentTarget.value)}
          />
          <FormCheckbox
            name={name("cashOnDelivery")}
            label={t("admin.markets.cashOnDelivery")}
            defaultChecked={row.cashOnDelivery ?? true}
            hint={t("admin.markets.cashOnDeliveryHint")}
            className="sm:pt-8"
          />
        </div>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
          <span className="font-medium text-stone-900" data-testid="currency-preview" aria-live="polite">
            {preview}
          </span>
          <span data-testid="currency-rate-set">
            {!row.rateSetAt
              ? t("admin.markets.rateNew")
              : rate.trim() === String(row.rate)
                ? richT("admin.markets.rateSet", { date: <LocalDate iso={row.rateSetAt} /> })
                : t("admin.markets.rateChanged")}
          </span>
        </p>
      </div>
    </li>
  );
}
