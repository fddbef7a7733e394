import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useActionData, useLocation } from "react-router";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { AdminForm, FormCheckbox, FormErrorSummary, FormMoney, FormNumber, FormSelect, FormSubmit, FormText, fieldId } from "~/components/admin/form";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { StatusBadge } from "~/components/admin/ui";
import { FieldNotes } from "~/components/form/fields";
import { useShop } from "~/lib/shop";
import { useLanguage, useT } from "~/lib/i18n";
import { convertPrice, marketOf } from "#common/currency";
import { formatMoney, toMinor } from "#common/money";
import type { MessageKey } from "#common/i18n/catalogs";
import type { ProductStatusValue } from "#common/catalog/catalog.admin.schema";
import { ImageUploader, type ImageFieldNames } from "./image-uploader";
import type { ProductFormValues } from "./product-form-values";
import { RichTextEditor } from "./rich-text-editor";
import { slugFromName } from "./slug";
import { SpecificationsEditor } from "./specifications-editor";
import { VariantMatrix } from "./variant-matrix";
import { TranslationTabs } from "~/components/admin/translation-tabs";

/** A category as the form offers it: top-level ones with their sub-categories (hidden ones too, marked). */
export interface CategoryChoice {
  slug: string;
  name: string;
  hidden: boolean;
  subCategories: Array<{ slug: string; name: string; hidden: boolean }>;
}

/** Each status's name, colour and what it means in the shop (admin catalog keys). */
export const STATUS_TEXT: Record<ProductStatusValue, { label: MessageKey; tone: "success" | "neutral" | "warning"; hint: MessageKey }> = {
  active: { label: "admin.products.status.active", tone: "success", hint: "admin.products.status.activeHint" },
  draft: { label: "admin.products.status.draft", tone: "neutral", hint: "admin.products.status.draftHint" },
  archived: { label: "admin.products.status.archived", tone: "warning", hint: "admin.products.status.archivedHint" },
};

/** The statuses in the order the select offers them (the schema's list; a type-only import keeps zod out of the page). */
export const PRODUCT_STATUS_CHOICES = Object.keys(STATUS_TEXT) as ProductStatusValue[];

const IMAGE_NAMES: ImageFieldNames = {
  url: (i) => `image.${i}`,
  alt: (i) => `imageAlt.${i}`,
  list: "image",
  // The colour → pictures map posts as colorImages.<colour>.<n>; a colour whose name holds a dot cannot be a field name part.
  colorPicture: (color, n) => (color.includes(".") ? null : `colorImages.${color}.${n}`),
};

// Lists the form always sends, so an emptied list saves as empty (productFormInput reads `<name>.length`).
const LIST_FIELDS = ["image", "imageAlt", "colorImages", "specifications", "colors", "sizes", "variants"];

interface Failure {
  error: { code?: string; message: string; fields?: Record<string, string> };
}

function asFailure(value: unknown): Failure | null {
  if (!value || typeof value !== "object" || !("error" in value)) return null;
  const error = (value as { error: unknown }).error;
  return error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string" ? (value as Failure) : null;
}

/** The currency's symbol in the shop's locale ("$", "€"), for the extra-price inputs. */
function currencySymbol(currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
  } catch {
    return currency;
  }
}

const idOf = (name: string) => fieldId("product", name);

const inputClass = (error?: string) =>
  `mt-1.5 block h-12 w-full rounded-xl border bg-white px-4 text-base text-stone-900 placeholder:text-stone-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 ${
    error ? "border-rose-600 focus-visible:outline-rose-700" : "border-stone-300 focus:border-stone-900 focus-visible:outline-stone-900"
  }`;

/** The label of the field `name`, with the mark of a required one. */
function Label({ name, required = false, children }: { name: string; required?: boolean; children: React.ReactNode }) {
  return (
    <label htmlFor={idOf(name)} className="block text-sm font-medium text-stone-900">
      {children}
      {required && (
        <span aria-hidden="true" className="text-rose-700">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

function Notes({ name, hint, error }: { name: string; hint?: React.ReactNode; error?: string }) {
  return <FieldNotes id={idOf(name)} name={name} hint={hint} error={error} />;
}

const describedBy = (name: string, hint: unknown, error?: string) =>
  [hint && `${idOf(name)}-hint`, error && `${idOf(name)}-error`].filter(Boolean).join(" ") || undefined;

function Section({ title, description, children, id }: { title: string; description?: React.ReactNode; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The one product form of the admin, for adding and for editing: name and address, description,
 * pictures, price, variants and stock, specifications, status and category. It posts the names
 * the products schema's `productFormInput` reads; the server's field errors show beside their
 * fields (and in a summary at the top); a refused save keeps everything typed. Leaving with
 * unsaved changes asks first. `originalSlug` (editing) warns that a changed address redirects.
 */
export function ProductForm({
  mode,
  initial,
  categories,
  originalSlug,
  aside,
}: {
  mode: "add" | "edit";
  initial: ProductFormValues;
  categories: CategoryChoice[];
  originalSlug?: string;
  /** More for the side column, under the organisation (the product's history). */
  aside?: React.ReactNode;
}) {
  const { settings } = useShop();
  const t = useT();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const failure = asFailure(useActionData());
  const errors = failure?.error.fields ?? {};
  const conflict = failure?.error.code === "conflict";

  const [dirty, setDirty] = useState(false);
  const markDirty = useCallback(() => setDirty(true), []);
  const [uploading, setUploading] = useState(false);
  const [colorNames, setColorNames] = useState(() => initial.variants.colors.map((c) => c.name));
  const [name, setName] = useState(initial.name);
  const [slug, setSlug] = useState(initial.slug);
  // A new product's address follows its name until the address is edited by hand.
  const [slugTouched, setSlugTouched] = useState(mode === "edit" || (initial.slug !== "" && initial.slug !== slugFromName(initial.name)));
  const [category, setCategory] = useState(initial.categorySlug);
  const [subCategory, setSubCategory] = useState(initial.subCategorySlug);
  const [status, setStatus] = useState<ProductStatusValue>(initial.status);
  // The price as typed, for the other currencies' converted prices.
  const [basePrice, setBasePrice] = useState(initial.price);
  const conflictRef = useRef<HTMLDivElement>(null);

  // A refused save leaves the edits on screen, still unsaved.
  useEffect(() => {
    if (failure) setDirty(true);
    if (conflict) conflictRef.current?.focus();
  }, [failure, conflict]);
  const leaveDialog = useUnsavedChanges(dirty);

  const subCategories = useMemo(() => categories.find((c) => c.slug === category)?.subCategories ?? [], [categories, category]);
  const symbol = currencySymbol(settings.currency, settings.locale);
  const slugChanged = mode === "edit" && originalSlug !== undefined && slug.trim() !== "" && slug.trim() !== originalSlug;

  return (
    <AdminForm
      method="post"
      idPrefix="product"
      onChange={markDirty}
      onSubmit={(e) => {
        // A picture still uploading has no address yet: saving now would leave it out.
        if (uploading) e.preventDefault();
        else setDirty(false);
      }}
      className="pb-4"
      aria-label={mode === "add" ? t("admin.productForm.newProduct") : t("admin.nav.editProduct")}
    >
      {conflict ? (
        <div
          ref={conflictRef}
          tabIndex={-1}
          role="alert"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 focus:outline-2 focus:outline-offset-2 focus:outline-amber-700"
          data-testid="conflict-message"
        >
          <h2 className="font-semibold">{t("admin.productForm.conflictTitle")}</h2>
          <p className="mt-1 text-sm">{t("admin.productForm.conflict")}</p>
          <a href={pathname} className="mt-2 inline-block text-sm font-semibold underline underline-offset-2">
            {t("admin.productForm.reload")}
          </a>
        </div>
      ) : (
        <FormErrorSummary title={mode === "add" ? t("admin.productForm.notCreated") : t("admin.productForm.notSaved")} />
      )}
      {initial.version && <input type="hidden" name="version" value={initial.version} />}
      {LIST_FIELDS.map((list) => (
        <input key={list} type="hidden" name={`${list}.length`} value="0" />
      ))}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Section id="product-basics" title={t("admin.productForm.basics")}>
            <div className="space-y-5">
              <div>
                <Label name="name" required>
                  {t("admin.productForm.name")}
                </Label>
                <input
                  id={idOf("name")}
                  name="name"
                  required
                  maxLength={200}
                  value={name}
                  onChange={(e) => {
                    const next = e.currentTarget.value;
                    setName(next);
                    if (!slugTouched) setSlug(slugFromName(next));
                  }}
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={describedBy("name", false, errors.name)}
                  className={inputClass(errors.name)}
                />
                <Notes name="name" error={errors.name} />
              </div>
              <div>
                <Label name="slug">{t("admin.productForm.address")}</Label>
                <div
                  className={`mt-1.5 flex h-12 w-full items-center rounded-xl border bg-white focus-within:outline-2 ${errors.slug ? "border-rose-600 focus-within:outline-rose-700" : "border-stone-300 focus-within:border-stone-900 focus-within:outline-stone-900"}`}
                >
                  <span className="shrink-0 pl-4 text-sm text-stone-600" aria-hidden="true">
                    /products/
                  </span>
                  <input
                    id={idOf("slug")}
                    name="slug"
                    maxLength={80}
                    value={slug}
                    spellCheck={false}
                    autoCapitalize="off"
                    autoComplete="off"
                    placeholder={mode === "add" ? "made-from-the-name" : undefined}
                    onChange={(e) => {
                      setSlug(e.currentTarget.value);
                      setSlugTouched(true);
                    }}
                    aria-invalid={errors.slug ? true : undefined}
                    aria-describedby={describedBy("slug", true, errors.slug)}
                    className="h-full min-w-0 flex-1 rounded-r-xl bg-transparent pr-4 text-base text-stone-900 placeholder:text-stone-500 focus:outline-none focus-visible:outline-none"
                  />
                </div>
                <Notes
                  name="slug"
                  hint={
                    slugChanged ? (
                      <span className="font-medium text-amber-900" data-testid="slug-warning">
                        {t("admin.productForm.slugChanges", { from: originalSlug, to: slug.trim() })}
                      </span>
                    ) : mode === "add" ? (
                      t("admin.productForm.slugHintAdd")
                    ) : (
                      t("admin.productForm.slugHintEdit")
                    )
                  }
                  error={errors.slug}
                />
              </div>
              <RichTextEditor
                label={t("admin.productForm.description")}
                inputId={idOf("description")}
                defaultValue={initial.description}
                error={errors.description}
                onChange={markDirty}
                hint={t("admin.productForm.descriptionHint")}
              />
            </div>
          </Section>

          <Section id="product-images" title={t("admin.productForm.pictures")} description={t("admin.productForm.picturesText")}>
            <ImageUploader
              defaultValue={initial.images}
              names={IMAGE_NAMES}
              errors={errors}
              idOf={idOf}
              colors={colorNames}
              onChange={markDirty}
              onBusyChange={setUploading}
            />
          </Section>

          <Section id="product-pricing" title={t("admin.products.table.price")}>
            <div
              className="grid gap-4 sm:grid-cols-3"
              onInput={(e) => {
                const input = e.target as HTMLInputElement;
                if (input.name === "price") setBasePrice(input.value);
              }}
            >
              <FormMoney name="price" label={t("admin.products.table.price")} currency={settings.currency} defaultValue={initial.price} required />
              <FormNumber
                name="discount"
                label={t("admin.productForm.discount")}
                min={0}
                max={100}
                step={1}
                defaultValue={initial.discount}
                hint={t("admin.productForm.discountHint")}
              />
              <FormMoney
                name="shippingCost"
                label={t("admin.productForm.shippingCost")}
                currency={settings.currency}
                defaultValue={initial.shippingCost}
                hint={t("admin.productForm.shippingHint")}
              />
            </div>
            <TaxClassSelect initial={initial.taxClass} />
            <input type="hidden" name="_giftCard" value="1" />
            <FormCheckbox
              name="giftCard"
              label={t("admin.productForm.giftCard")}
              hint={t("admin.productForm.giftCardHint")}
              defaultChecked={initial.giftCard}
            />
            <OtherPrices fixed={initial.prices} basePrice={basePrice} errors={errors} />
          </Section>

          <Section id="product-variants" title={t("admin.productForm.variants")} description={t("admin.productForm.variantsText")}>
            <VariantMatrix
              defaultValue={initial.variants}
              errors={errors}
              idOf={idOf}
              currencySymbol={symbol}
              onChange={markDirty}
              onColorNames={setColorNames}
            />
          </Section>

          <Section id="product-specs" title={t("admin.productForm.specifications")} description={t("admin.productForm.specificationsText")}>
            <SpecificationsEditor defaultValue={initial.specifications} errors={errors} idOf={idOf} onChange={markDirty} />
          </Section>

          <ProductTranslations translations={initial.translations} />
        </div>

        <div className="min-w-0 space-y-6">
          <Section id="product-status" title={t("admin.products.table.status")}>
            <div className="flex items-center justify-between gap-3">
              <Label name="status">{t("admin.products.table.status")}</Label>
              <StatusBadge tone={STATUS_TEXT[status].tone}>{t(STATUS_TEXT[status].label)}</StatusBadge>
            </div>
            <select
              id={idOf("status")}
              name="status"
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as ProductStatusValue)}
              aria-invalid={errors.status ? true : undefined}
              aria-describedby={describedBy("status", true, errors.status)}
              className={`${inputClass(errors.status)} pr-10`}
            >
              {PRODUCT_STATUS_CHOICES.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_TEXT[s].label)}
                </option>
              ))}
            </select>
            <Notes name="status" hint={t(STATUS_TEXT[status].hint)} error={errors.status} />
          </Section>

          <Section id="product-organisation" title={t("admin.productForm.organisation")}>
            <div className="space-y-4">
              <div>
                <Label name="categorySlug" required>
                  {t("admin.products.table.category")}
                </Label>
                <select
                  id={idOf("categorySlug")}
                  name="categorySlug"
                  required
                  value={category}
                  onChange={(e) => {
                    setCategory(e.currentTarget.value);
                    setSubCategory("");
                  }}
                  aria-invalid={errors.categorySlug ? true : undefined}
                  aria-describedby={describedBy("categorySlug", false, errors.categorySlug)}
                  className={`${inputClass(errors.categorySlug)} pr-10`}
                >
                  <option value="">{t("admin.productForm.chooseCategory")}</option>
                  {categories.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.name}
                      {c.hidden ? ` ${t("admin.productForm.hidden")}` : ""}
                    </option>
                  ))}
                </select>
                <Notes name="categorySlug" error={errors.categorySlug} />
              </div>
              <div>
                <Label name="subCategorySlug">{t("admin.products.filter.subCategory")}</Label>
                <select
                  id={idOf("subCategorySlug")}
                  name="subCategorySlug"
                  value={subCategory}
                  onChange={(e) => setSubCategory(e.currentTarget.value)}
                  disabled={hydrated && subCategories.length === 0}
                  aria-invalid={errors.subCategorySlug ? true : undefined}
                  aria-describedby={describedBy("subCategorySlug", hydrated && subCategories.length === 0, errors.subCategorySlug)}
                  className={`${inputClass(errors.subCategorySlug)} pr-10 disabled:bg-stone-100 disabled:text-stone-600`}
                >
                  <option value="">{t("admin.productForm.none")}</option>
                  {hydrated
                    ? subCategories.map((s) => (
                        <option key={s.slug} value={s.slug}>
                          {s.name}
                          {s.hidden ? ` ${t("admin.productForm.hidden")}` : ""}
                        </option>
                      ))
                    : // Before JavaScript the list cannot follow the category: every sub-category, by category.
                      categories
                        .filter((c) => c.subCategories.length > 0)
                        .map((c) => (
                          <optgroup key={c.slug} label={c.name}>
                            {c.subCategories.map((s) => (
                              <option key={s.slug} value={s.slug}>
                                {s.name}
                              </option>
                            ))}
                          </optgroup>
                        ))}
                </select>
                <Notes
                  name="subCategorySlug"
                  hint={
                    hydrated && subCategories.length === 0
                      ? category
                        ? t("admin.productForm.noSubCategories")
                        : t("admin.productForm.categoryFirst")
                      : undefined
                  }
                  error={errors.subCategorySlug}
                />
              </div>
              <FormText name="brand" label={t("admin.productForm.brand")} defaultValue={initial.brand} maxLength={100} />
              <FormText name="sku" label={t("admin.products.table.sku")} defaultValue={initial.sku} maxLength={64} hint={t("admin.productForm.skuHint")} />
            </div>
          </Section>
          {aside}
        </div>
      </div>

      <div
        className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-10 lg:px-10"
        data-testid="save-bar"
      >
        <p className="mr-auto text-sm text-stone-700" aria-live="polite">
          {uploading ? t("admin.productForm.waitingUploads") : dirty ? t("admin.productForm.unsaved") : ""}
        </p>
        <FormSubmit busyLabel={mode === "add" ? t("admin.form.creating") : t("admin.form.saving")}>
          {mode === "add" ? t("admin.productForm.create") : t("admin.productForm.save")}
        </FormSubmit>
      </div>
      {leaveDialog}
    </AdminForm>
  );
}

/**
 * The product's tax class: the settings' default first (posted blank, so the product follows the
 * default when the owner changes it), then every class of the tax settings. A class the owner
 * removed since stays on offer for the product that has it, marked, so a save keeps it.
 */
function TaxClassSelect({ initial }: { initial: string }) {
  const { settings } = useShop();
  const t = useT();
  const { classes, defaultClass } = settings.taxes;
  const options = [
    { value: "", label: t("admin.productForm.taxClassDefault", { name: defaultClass }) },
    ...classes.map((name) => ({ value: name, label: name })),
    ...(initial && !classes.includes(initial) ? [{ value: initial, label: t("admin.productForm.taxClassRemoved", { name: initial }) }] : []),
  ];
  return (
    <div className="mt-4 sm:max-w-xs">
      <FormSelect name="taxClass" label={t("admin.productForm.taxClass")} options={options} defaultValue={initial} hint={t("admin.productForm.taxClassHint")} />
    </div>
  );
}

/**
 * The product's price list: a price fixed in each currency the shop offers besides its own, blank
 * for the conversion of the price (common/currency.ts, shown beside each). Posted as
 * `prices.<i>.currency` and `prices.<i>.price`; the blank ones are not sent (product-data.server.ts),
 * so a save sends the whole list through the product's write path, as PATCH `prices` does.
 */
function OtherPrices({ fixed, basePrice, errors }: { fixed: Record<string, string>; basePrice: string; errors: Record<string, string> }) {
  const { settings } = useShop();
  const { locale } = useLanguage();
  const t = useT();
  const currencies = settings.currencies;
  const [filled, setFilled] = useState(() => new Set(currencies.filter((c) => (fixed[c.code] ?? "").trim() !== "").map((c) => c.code)));
  if (currencies.length === 0) return null;
  const failed = Object.keys(errors).some((field) => field === "prices" || field.startsWith("prices."));
  const base = Number(basePrice.trim());
  const hasBase = basePrice.trim() !== "" && Number.isFinite(base) && base >= 0;
  // Prices kept for a currency the shop no longer offers cannot be sent: the save drops them.
  const dropped = Object.keys(fixed).filter((code) => !currencies.some((c) => c.code === code));
  return (
    <details open={failed || undefined} className="mt-5 border-t border-stone-200 pt-4" data-testid="other-prices">
      <summary className="cursor-pointer rounded-lg py-1 text-sm font-medium text-stone-800">
        {t("admin.productForm.otherPrices", { done: filled.size, total: currencies.length })}
      </summary>
      <p className="mt-2 text-sm text-stone-600">{t("admin.productForm.otherPricesText", { base: settings.currency })}</p>
      <input type="hidden" name="prices.length" value="0" />
      <div
        className="mt-3 grid gap-4 sm:grid-cols-3"
        onInput={(e) => {
          const input = e.target as HTMLInputElement;
          const row = /^prices\.(\d+)\.price$/.exec(input.name);
          const code = row ? currencies[Number(row[1])]?.code : undefined;
          if (!code) return;
          const given = input.value.trim() !== "";
          setFilled((was) => {
            if (was.has(code) === given) return was;
            const next = new Set(was);
            if (given) next.add(code);
            else next.delete(code);
            return next;
          });
        }}
      >
        {currencies.map((currency, i) => {
          const market = marketOf(settings, currency.code);
          const converted = market && hasBase ? convertPrice(toMinor(base), market) / 100 : null;
          return (
            <div key={currency.code}>
              <input type="hidden" name={`prices.${i}.currency`} value={currency.code} />
              <FormMoney
                name={`prices.${i}.price`}
                label={t("admin.productForm.priceIn", { currency: currency.code })}
                defaultValue={fixed[currency.code] ?? ""}
                placeholder={converted === null ? undefined : converted.toFixed(2)}
                hint={
                  converted === null
                    ? t("admin.productForm.convertedNoPrice")
                    : t("admin.productForm.convertedPrice", { price: formatMoney(converted, currency.code, locale) })
                }
              />
            </div>
          );
        })}
      </div>
      {dropped.length > 0 && (
        <p className="mt-3 text-sm text-amber-900" data-testid="dropped-prices">
          {t("admin.productForm.droppedPrices", { count: dropped.length, codes: dropped.join(", ") })}
        </p>
      )}
    </details>
  );
}

/** The product's name and description in the other languages; its translated specifications (from the CSV or the API) are kept as they are. */
function ProductTranslations({ translations }: { translations: ProductFormValues["translations"] }) {
  const t = useT();
  return (
    <Section id="product-translations" title={t("admin.translations.title")}>
      <TranslationTabs
        idPrefix="product-translations"
        fields={[
          { key: "name", maxLength: 200 },
          { key: "descriptionHtml", multiline: true },
        ]}
        initial={translations}
        extra={(language) => {
          const specifications = translations?.[language]?.specifications ?? [];
          if (specifications.length === 0) return null;
          return (
            <>
              {specifications.map((s, i) => (
                <span key={`${s.name}-${i}`} hidden>
                  <input type="hidden" name={`translations.${language}.specifications.${i}.name`} value={s.name} />
                  <input type="hidden" name={`translations.${language}.specifications.${i}.value`} value={s.value} />
                </span>
              ))}
              <p className="text-sm text-slate-600">{t("admin.translations.keptSpecifications", { count: specifications.length })}</p>
            </>
          );
        }}
      />
    </Section>
  );
}
