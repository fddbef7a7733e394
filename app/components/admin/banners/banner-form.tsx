import { useT } from "~/lib/i18n";
import { Link } from "react-router";
import { AdminForm, FormCheckbox, FormErrorSummary, FormSubmit, FormText, FormTextarea } from "~/components/admin/form";
import { TranslationTabs } from "~/components/admin/translation-tabs";
import { buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import type { AdminBanner } from "#modules/content";
import { BannerStateBadge } from "./banner-state";
import { ImagePicker } from "./image-picker";
import { instantToZoned } from "./zoned-time";

/** The fields of the banner form, in the order the error summary and the focus follow. */
export const BANNER_FIELDS = ["image", "alt", "title", "subtitle", "link", "active", "startsAt", "endsAt"] as const;

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * A banner's form (new or existing): picture with its alt text (both required: the picture carries
 * the banner's message), title, text, link, whether it is on, and the window it shows in, typed in
 * the admin's own time zone (posted as `timeZone`; UTC without JavaScript). Leaving with unsaved
 * changes asks first. The server's refusal shows beside each field and in a summary at the top.
 */
export function BannerForm({ banner, listHref }: { banner: AdminBanner | null; listHref: string }) {
  const hydrated = useHydrated();
  const zone = hydrated ? browserTimeZone() : "UTC";
  const t = useT();

  return (
    <AdminForm method="post" idPrefix="banner" warnUnsaved className="max-w-3xl">
      <FormErrorSummary title={t("admin.bannerForm.notSaved")} />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="timeZone" value={zone} />
      {banner && (
        <>
          <input type="hidden" name="id" value={banner.id} />
          <input type="hidden" name="version" value={banner.version} />
        </>
      )}
      <div className="space-y-6">
        <section aria-labelledby="banner-picture" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="banner-picture" className="text-lg font-semibold text-stone-900">
            {t("admin.products.table.picture")}
          </h2>
          <div className="mt-4 space-y-5">
            <ImagePicker
              name="image"
              label={t("admin.bannerForm.picture")}
              kind="banner"
              required
              defaultValue={banner?.image}
              hint={t("admin.bannerForm.pictureHint")}
            />
            <FormText name="alt" label={t("admin.images.alt")} required maxLength={250} defaultValue={banner?.alt} hint={t("admin.bannerForm.altHint")} />
          </div>
        </section>

        <section aria-labelledby="banner-words" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="banner-words" className="text-lg font-semibold text-stone-900">
            {t("admin.bannerForm.words")}
          </h2>
          <div className="mt-4 space-y-5">
            <FormText name="title" label={t("admin.bannerForm.title")} required maxLength={120} defaultValue={banner?.title} />
            <FormTextarea
              name="subtitle"
              label={t("admin.bannerForm.text")}
              rows={3}
              maxLength={300}
              defaultValue={banner?.subtitle ?? ""}
              hint={t("admin.bannerForm.textHint")}
            />
            <FormText
              name="link"
              label={t("admin.bannerForm.link")}
              maxLength={500}
              defaultValue={banner?.link ?? ""}
              placeholder="/product-category/shoes"
              hint={t("admin.bannerForm.linkHint")}
            />
          </div>
        </section>

        <section aria-labelledby="banner-when" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="banner-when" className="text-lg font-semibold text-stone-900">
              {t("admin.bannerForm.when")}
            </h2>
            {banner && (
              <p className="flex items-center gap-2 text-sm text-stone-700">
                {t("admin.bannerForm.now")} <BannerStateBadge state={banner.state} />
              </p>
            )}
          </div>
          <div className="mt-4 space-y-5">
            <FormCheckbox
              name="active"
              label={t("admin.products.status.active")}
              defaultChecked={banner ? banner.active : true}
              hint={t("admin.bannerForm.activeHint")}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormText
                name="startsAt"
                type="datetime-local"
                label={t("admin.bannerForm.from")}
                defaultValue={instantToZoned(banner?.startsAt, zone)}
                hint={t("admin.bannerForm.fromHint")}
              />
              <FormText
                name="endsAt"
                type="datetime-local"
                label={t("admin.bannerForm.until")}
                defaultValue={instantToZoned(banner?.endsAt, zone)}
                hint={t("admin.bannerForm.untilHint")}
              />
            </div>
            <p className="text-xs text-stone-600" data-testid="banner-time-zone">
              {zone === "UTC" ? t("admin.bannerForm.zoneUtc") : t("admin.bannerForm.zone", { zone: zone.replace(/_/g, " ") })}
            </p>
          </div>
        </section>
        <BannerTranslations banner={banner} />
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <FormSubmit busyLabel={t("admin.form.saving")}>{banner ? t("admin.bannerForm.save") : t("admin.bannerForm.create")}</FormSubmit>
        <Link to={listHref} className={buttonClass("secondary")}>
          {t("admin.dialog.cancel")}
        </Link>
      </div>
    </AdminForm>
  );
}

/** The banner's title, text and alt text in the other languages. */
function BannerTranslations({ banner }: { banner: AdminBanner | null }) {
  const t = useT();
  return (
    <section aria-labelledby="banner-translations" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="banner-translations" className="text-lg font-semibold text-stone-900">
        {t("admin.translations.title")}
      </h2>
      <div className="mt-4">
        <TranslationTabs
          idPrefix="banner-translations"
          fields={[
            { key: "title", maxLength: 120 },
            { key: "subtitle", multiline: true, maxLength: 300 },
            { key: "alt", maxLength: 250 },
          ]}
          initial={banner?.translations}
        />
      </div>
    </section>
  );
}
