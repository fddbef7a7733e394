import { Link } from "react-router";
import { AdminForm, FormCheckbox, FormErrorSummary, FormSubmit, FormText, FormTextarea } from "~/components/admin/form";
import { TranslationTabs } from "~/components/admin/translation-tabs";
import { useT } from "~/lib/i18n";
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

  return (
    <AdminForm method="post" idPrefix="banner" warnUnsaved className="max-w-3xl">
      <FormErrorSummary title="The banner could not be saved" />
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
            Picture
          </h2>
          <div className="mt-4 space-y-5">
            <ImagePicker
              name="image"
              label="Banner picture"
              kind="banner"
              required
              defaultValue={banner?.image}
              hint="A wide picture, about 1920 × 720 pixels: it is cropped to that shape. JPEG, PNG, WebP or AVIF, 10 MB at most."
            />
            <FormText
              name="alt"
              label="Alt text"
              required
              maxLength={250}
              defaultValue={banner?.alt}
              hint="What the picture shows, for people who cannot see it (“Three linen shirts on a rail in the sun”)."
            />
          </div>
        </section>

        <section aria-labelledby="banner-words" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="banner-words" className="text-lg font-semibold text-stone-900">
            Words and link
          </h2>
          <div className="mt-4 space-y-5">
            <FormText name="title" label="Title" required maxLength={120} defaultValue={banner?.title} />
            <FormTextarea
              name="subtitle"
              label="Text"
              rows={3}
              maxLength={300}
              defaultValue={banner?.subtitle ?? ""}
              hint="A sentence under the title (optional)."
            />
            <FormText
              name="link"
              label="Link"
              maxLength={500}
              defaultValue={banner?.link ?? ""}
              placeholder="/product-category/shoes"
              hint="Where “Shop now” leads: a page of the shop (/product-category/shoes) or an https:// address. Empty: all products."
            />
          </div>
        </section>

        <section aria-labelledby="banner-when" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="banner-when" className="text-lg font-semibold text-stone-900">
              When it shows
            </h2>
            {banner && (
              <p className="flex items-center gap-2 text-sm text-stone-700">
                Now: <BannerStateBadge state={banner.state} />
              </p>
            )}
          </div>
          <div className="mt-4 space-y-5">
            <FormCheckbox name="active" label="Active" defaultChecked={banner ? banner.active : true} hint="Off: it never shows, whatever the dates." />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormText
                name="startsAt"
                type="datetime-local"
                label="Active from"
                defaultValue={instantToZoned(banner?.startsAt, zone)}
                hint="Empty: from now."
              />
              <FormText name="endsAt" type="datetime-local" label="Active until" defaultValue={instantToZoned(banner?.endsAt, zone)} hint="Empty: no end." />
            </div>
            <p className="text-xs text-stone-600" data-testid="banner-time-zone">
              Dates and times are in {zone === "UTC" ? "UTC" : `your time zone (${zone.replace(/_/g, " ")})`}.
            </p>
          </div>
        </section>
        <BannerTranslations banner={banner} />
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <FormSubmit busyLabel="Saving…">{banner ? "Save banner" : "Create banner"}</FormSubmit>
        <Link to={listHref} className={buttonClass("secondary")}>
          Cancel
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
