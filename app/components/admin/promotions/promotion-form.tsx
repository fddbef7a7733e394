import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { AdminForm, FormCheckbox, FormErrorSummary, FormMoney, FormNumber, FormSelect, FormSubmit, FormText, useField } from "~/components/admin/form";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useT } from "~/lib/i18n";
import { useShop } from "~/lib/shop";
import type { AdminPromotion } from "#modules/promotions";
import type { PromotionKindValue } from "#common/promotions/promotions.schema";
import { instantToZoned } from "../banners/zoned-time";
import { buttonClass } from "../ui";
import { type PickedProduct, ProductPicker } from "./product-picker";
import { PromotionExample } from "./promotion-example";
import { type PromotionBody, promotionBody } from "./promotion-form-values";

const FORM_ID = "promotion-form";
const section = "rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6";

/** A category the promotion can name: its slug and how it reads ("Clothing", "Clothing › Shirts"). */
export interface CategoryChoice {
  slug: string;
  label: string;
}

/** The categories as ticked boxes posted as `categorySlugs`. */
function CategoriesField({ categories, selected }: { categories: CategoryChoice[]; selected: readonly string[] }) {
  const t = useT();
  const field = useField("categorySlugs");
  return (
    <fieldset aria-describedby={field.error ? `${field.id}-error` : undefined}>
      <legend className="text-sm font-semibold text-stone-900">{t("admin.promotions.categories")}</legend>
      {field.error && (
        <p id={`${field.id}-error`} className="mt-1 text-sm font-medium text-rose-800">
          {field.error}
        </p>
      )}
      <div id={field.id} tabIndex={-1} className="mt-2 grid max-h-64 gap-x-4 overflow-y-auto sm:grid-cols-2">
        {categories.map((c) => (
          <label key={c.slug} className="flex min-h-10 items-center gap-3 rounded-lg px-2 text-sm text-stone-900 hover:bg-stone-50">
            <input type="checkbox" name="categorySlugs" value={c.slug} defaultChecked={selected.includes(c.slug)} className="size-4 accent-stone-900" />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A promotion's form (new or existing), beside its live example: name and code, what it gives
 * (the figures of the kind chosen), what it concerns, its conditions, its window (typed in the
 * shop's time zone `timeZone`) and its limits. Posts to the screen's action (without JavaScript
 * too); each refusal shows beside its field and in a summary at the top.
 */
export function PromotionForm({
  promotion,
  products,
  categories,
  timeZone,
  listHref,
}: {
  promotion: AdminPromotion | null;
  products: PickedProduct[];
  categories: CategoryChoice[];
  timeZone: string;
  listHref: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const { settings } = useShop();
  const [kind, setKind] = useState<PromotionKindValue>(promotion?.kind ?? "percentage");
  const [body, setBody] = useState<PromotionBody | null>(null);
  // The form as it would be posted, read again on every change: the example follows it.
  const refresh = useCallback(() => {
    const form = document.getElementById(FORM_ID);
    if (form instanceof HTMLFormElement) setBody(promotionBody(new FormData(form), timeZone));
  }, [timeZone]);
  useEffect(() => refresh(), [refresh, kind]);
  // Before the page runs every field shows; then only the figures of the kind chosen.
  const shows = (...kinds: PromotionKindValue[]) => (!hydrated || kinds.includes(kind) ? "" : "hidden");
  const p = promotion;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <AdminForm
        method="post"
        id={FORM_ID}
        idPrefix="promotion"
        warnUnsaved
        onChange={(e) => {
          const target = e.target as unknown as HTMLInputElement;
          if (target.name === "kind") setKind(target.value as PromotionKindValue);
          refresh();
        }}
      >
        <FormErrorSummary title={t("admin.promotions.notSaved")} />
        <div className="space-y-6">
          <section aria-labelledby="promotion-what" className={section}>
            <h2 id="promotion-what" className="text-lg font-semibold text-stone-900">
              {t("admin.promotions.section.what")}
            </h2>
            <div className="mt-4 space-y-5">
              <FormText name="name" label={t("admin.promotions.name")} required maxLength={100} defaultValue={p?.name} hint={t("admin.promotions.nameHint")} />
              <FormText
                name="code"
                label={t("admin.promotions.codeOptional")}
                maxLength={40}
                autoComplete="off"
                defaultValue={p?.code ?? ""}
                placeholder="SPRING20"
                hint={t("admin.promotions.codeHint")}
              />
              <FormCheckbox
                name="active"
                label={t("admin.promotions.activeLabel")}
                defaultChecked={p ? p.active : true}
                hint={t("admin.promotions.activeHint")}
              />
            </div>
          </section>

          <section aria-labelledby="promotion-offer" className={section}>
            <h2 id="promotion-offer" className="text-lg font-semibold text-stone-900">
              {t("admin.promotions.section.offer")}
            </h2>
            <div className="mt-4 space-y-5">
              <FormSelect
                name="kind"
                label={t("admin.promotions.kind")}
                defaultValue={kind}
                options={[
                  { value: "percentage", label: t("admin.promotions.kind.percentage") },
                  { value: "fixed_amount", label: t("admin.promotions.kind.fixedAmount") },
                  { value: "free_shipping", label: t("admin.promotions.kind.freeShipping") },
                  { value: "buy_x_get_y", label: t("admin.promotions.kind.buyXGetY") },
                ]}
              />
              <div className={shows("percentage", "fixed_amount")}>
                <FormText
                  name="value"
                  label={
                    !hydrated
                      ? t("admin.promotions.valueEither", { currency: settings.currency })
                      : kind === "fixed_amount"
                        ? t("admin.promotions.amountOff", { currency: settings.currency })
                        : t("admin.promotions.percentOff")
                  }
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={p?.value == null ? "" : String(p.value)}
                  placeholder={kind === "fixed_amount" ? "10.00" : "20"}
                />
              </div>
              <div className={`grid gap-5 sm:grid-cols-2 ${shows("buy_x_get_y")}`}>
                <FormNumber name="buyQuantity" label={t("admin.promotions.buyQuantity")} min={1} step={1} defaultValue={p?.buyQuantity ?? ""} />
                <FormNumber name="getQuantity" label={t("admin.promotions.getQuantity")} min={1} step={1} defaultValue={p?.getQuantity ?? ""} />
                <FormNumber
                  name="getPercent"
                  label={t("admin.promotions.getPercent")}
                  min={1}
                  max={100}
                  step="any"
                  defaultValue={p?.getPercent ?? 100}
                  hint={t("admin.promotions.getPercentHint")}
                />
              </div>
              {!hydrated && <p className="text-sm text-stone-700">{t("admin.promotions.figuresByKind")}</p>}
            </div>
          </section>

          <section aria-labelledby="promotion-targets" className={section}>
            <h2 id="promotion-targets" className="text-lg font-semibold text-stone-900">
              {t("admin.promotions.section.targets")}
            </h2>
            <p className="mt-1 text-sm text-stone-700">{t("admin.promotions.targetsHint")}</p>
            <div className="mt-4 space-y-6">
              <ProductPickerField products={products} onPicked={refresh} />
              <CategoriesField categories={categories} selected={p?.categorySlugs ?? []} />
            </div>
          </section>

          <section aria-labelledby="promotion-conditions" className={section}>
            <h2 id="promotion-conditions" className="text-lg font-semibold text-stone-900">
              {t("admin.promotions.section.conditions")}
            </h2>
            <div className="mt-4 space-y-5">
              <FormMoney
                name="minSubtotal"
                label={t("admin.promotions.minSubtotal")}
                currency={settings.currency}
                defaultValue={p?.minSubtotal ?? ""}
                hint={t("admin.promotions.minSubtotalHint")}
              />
              <FormCheckbox name="firstOrderOnly" label={t("admin.promotions.firstOrderOnly")} defaultChecked={p?.firstOrderOnly ?? false} />
              <FormCheckbox
                name="combinable"
                label={t("admin.promotions.combinable")}
                defaultChecked={p ? p.combinable : true}
                hint={t("admin.promotions.combinableHint")}
              />
            </div>
          </section>

          <section aria-labelledby="promotion-when" className={section}>
            <h2 id="promotion-when" className="text-lg font-semibold text-stone-900">
              {t("admin.promotions.section.when")}
            </h2>
            <div className="mt-4 grid gap-5 sm:grid-cols-2">
              <FormText
                name="startsAt"
                type="datetime-local"
                label={t("admin.promotions.startsAt")}
                defaultValue={instantToZoned(p?.startsAt, timeZone)}
                hint={t("admin.promotions.startsAtHint")}
              />
              <FormText
                name="endsAt"
                type="datetime-local"
                label={t("admin.promotions.endsAt")}
                defaultValue={instantToZoned(p?.endsAt, timeZone)}
                hint={t("admin.promotions.endsAtHint")}
              />
            </div>
            <p className="mt-3 text-xs text-stone-600" data-testid="promotion-time-zone">
              {t("admin.promotions.timeZone", { zone: timeZone.replace(/_/g, " ") })}
            </p>
          </section>

          <section aria-labelledby="promotion-limits" className={section}>
            <h2 id="promotion-limits" className="text-lg font-semibold text-stone-900">
              {t("admin.promotions.section.limits")}
            </h2>
            <div className="mt-4 grid gap-5 sm:grid-cols-2">
              <FormNumber
                name="usageLimit"
                label={t("admin.promotions.usageLimit")}
                min={1}
                step={1}
                defaultValue={p?.usageLimit ?? ""}
                hint={t("admin.promotions.usageLimitHint")}
              />
              <FormNumber
                name="usageLimitPerCustomer"
                label={t("admin.promotions.usageLimitPerCustomer")}
                min={1}
                step={1}
                defaultValue={p?.usageLimitPerCustomer ?? ""}
                hint={t("admin.promotions.usageLimitPerCustomerHint")}
              />
            </div>
          </section>
        </div>

        <div className="mt-6 flex flex-wrap items-center gap-3">
          <FormSubmit name="intent" value="save" busyLabel={t("admin.form.saving")}>
            {p ? t("admin.promotions.save") : t("admin.promotions.create")}
          </FormSubmit>
          <Link to={listHref} className={buttonClass("secondary")}>
            {t("admin.dialog.cancel")}
          </Link>
        </div>
      </AdminForm>
      <div className="lg:sticky lg:top-4">
        <PromotionExample body={body} id={p?.id ?? "new"} uses={p?.uses ?? 0} timeZone={timeZone} />
      </div>
    </div>
  );
}

/** The product picker with the server's refusal for `productIds`. */
function ProductPickerField({ products, onPicked }: { products: PickedProduct[]; onPicked: () => void }) {
  const field = useField("productIds");
  return <ProductPicker initial={products} error={field.error} onPicked={onPicked} />;
}
