import type { MessageKey } from "#common/i18n/catalogs";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { useState } from "react";
import { AdminForm, FormErrorSummary, FormSubmit, useField } from "~/components/admin/form";
import { auditActor, formFailure } from "~/components/admin/form-result.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, StatusBadge } from "~/components/admin/ui";
import { FieldNotes, TextField } from "~/components/form/fields";
import { requireAdminScreen } from "~/lib/auth.server";
import type { PixelConfig } from "#common/content/content.schema";
import type { Route } from "./+types/facebook-pixel";

const PAGE = "/admin-dashboard/facebook-pixel";

/** The tracking pixel as stored (an empty id and inactive when never set). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  return { pixel: await context.services.pixelAdmin.read() };
}

/** Saves the id and the switch through the pixel service (validated, audited), then back here with a toast; a refusal shows beside its field. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  const pixelId = form.get("pixelId");
  // The switch sends "active" when on and nothing when off, as a checkbox does.
  const body = { pixelId: typeof pixelId === "string" ? pixelId : "", status: form.get("status") === "active" ? "active" : "inactive" };
  let saved: PixelConfig;
  try {
    saved = await context.services.pixelAdmin.update(auditActor(context, user), body);
  } catch (err) {
    return formFailure(err, form);
  }
  return redirectWithToast(
    PAGE,
    saved.status === "active"
      ? { kind: "success", message: adminT("admin.pixel.toast.active"), description: adminT("admin.pixel.toast.activeText") }
      : { kind: "success", message: adminT("admin.pixel.toast.inactive"), description: adminT("admin.pixel.toast.inactiveText") },
  );
}

/** What the pixel sends and when: Facebook's standard events, from the storefront's shopping events. */
const EVENTS: Array<[event: string, when: MessageKey, what: MessageKey]> = [
  ["PageView", "admin.pixel.event.pageViewWhen", "admin.pixel.event.pageViewWhat"],
  ["ViewContent", "admin.pixel.event.viewContentWhen", "admin.pixel.event.viewContentWhat"],
  ["AddToCart", "admin.pixel.event.addToCartWhen", "admin.pixel.event.addToCartWhat"],
  ["InitiateCheckout", "admin.pixel.event.checkoutWhen", "admin.pixel.event.checkoutWhat"],
  ["Purchase", "admin.pixel.event.purchaseWhen", "admin.pixel.event.purchaseWhat"],
];

/** The status switch: a checkbox shown as a switch (role="switch"), so the form posts it without JavaScript too. */
function StatusSwitch({ defaultChecked, onChange }: { defaultChecked: boolean; onChange: (on: boolean) => void }) {
  const field = useField("status");
  const checked = field.failed ? field.defaultValue === "active" : defaultChecked;
  const t = useT();
  const hint = t("admin.pixel.switchHint");
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          id={field.id}
          name="status"
          type="checkbox"
          role="switch"
          value="active"
          defaultChecked={checked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={[`${field.id}-hint`, field.error && `${field.id}-error`].filter(Boolean).join(" ")}
          className="peer relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-400 transition-colors before:absolute before:left-1 before:top-1 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-emerald-700 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
        />
        <label htmlFor={field.id} className="text-sm font-medium text-stone-900">
          {t("admin.pixel.active")}
        </label>
      </div>
      <FieldNotes id={field.id} name="status" hint={hint} error={field.error} />
    </div>
  );
}

/**
 * The form's inside (within AdminForm, so its fields show the server's refusals): the live preview
 * of what the storefront does with what is on screen, the id and the switch.
 */
function PixelEditor({ pixel }: { pixel: PixelConfig }) {
  const idField = useField("pixelId", pixel.pixelId);
  const statusField = useField("status");
  const [pixelId, setPixelId] = useState(idField.defaultValue ?? "");
  const [on, setOn] = useState(statusField.failed ? statusField.defaultValue === "active" : pixel.status === "active");
  const live = on && pixelId.trim() !== "";
  const unsaved = pixelId.trim() !== pixel.pixelId || (on ? "active" : "inactive") !== pixel.status;
  const t = useT();
  return (
    <>
      <section aria-labelledby="pixel-state" className="mb-6 rounded-xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="pixel-preview">
        <h2 id="pixel-state" className="text-sm font-semibold uppercase tracking-wider text-stone-600">
          {t("admin.pixel.onStorefront")}
        </h2>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-900" aria-live="polite">
          <StatusBadge tone={live ? "success" : "neutral"}>{live ? t("admin.products.status.active") : t("admin.pixel.inactive")}</StatusBadge>
          <span>{live ? t("admin.pixel.liveText", { id: pixelId.trim() }) : on ? t("admin.pixel.needsId") : t("admin.pixel.offText")}</span>
        </p>
        {unsaved && <p className="mt-2 text-sm text-amber-900">{t("admin.pixel.notSaved")}</p>}
      </section>
      <div className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        <FormErrorSummary title={t("admin.pixel.thePixelCouldNot")} />
        <div className="space-y-6">
          <TextField
            name="pixelId"
            id={idField.id}
            label={t("admin.pixel.pixelId")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            placeholder="1234567890123456"
            defaultValue={idField.defaultValue}
            error={idField.error}
            onChange={(e) => setPixelId(e.currentTarget.value)}
            hint={t("admin.pixel.the15Or16")}
          />
          <StatusSwitch defaultChecked={pixel.status === "active"} onChange={setOn} />
        </div>
        <div className="mt-6 flex justify-end">
          <FormSubmit busyLabel={t("admin.form.saving")}>{t("admin.pixel.save")}</FormSubmit>
        </div>
      </div>
    </>
  );
}

/** The tracking pixel screen: a live preview of what the storefront does, the id and the on/off switch, and what is sent when. */
export default function FacebookPixel({ loaderData }: Route.ComponentProps) {
  const { pixel } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("admin.nav.pixel")} description={t("admin.pixel.measureVisitsAndSales")} />
      {/* Keyed by the saved config: after a save the form starts again from what is stored. */}
      <AdminForm method="post" warnUnsaved key={`${pixel.pixelId}:${pixel.status}`}>
        <PixelEditor pixel={pixel} />
      </AdminForm>

      <section aria-labelledby="pixel-events" className="mt-8">
        <h2 id="pixel-events" className="text-lg font-semibold text-stone-900">
          {t("admin.pixel.eventsTitle")}
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-stone-700">{t("admin.pixel.eventsText")}</p>
        <dl className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {EVENTS.map(([event, when, what]) => (
            <div key={event} className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr] sm:gap-4">
              <dt className="font-mono text-sm font-semibold text-stone-900">{event}</dt>
              <dd className="text-sm text-stone-700">
                <span className="font-medium text-stone-900">{t(when)}.</span> {t(what)}.
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm leading-relaxed text-stone-700">{t("admin.pixel.noScript")}</p>
      </section>
    </div>
  );
}
