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
      ? { kind: "success", message: "Tracking pixel saved: active", description: "Every storefront page loads it from now on." }
      : { kind: "success", message: "Tracking pixel saved: inactive", description: "The storefront loads nothing from Facebook and sends it nothing." },
  );
}

/** What the pixel sends and when: Facebook's standard events, from the storefront's shopping events. */
const EVENTS: Array<[event: string, when: string, what: string]> = [
  ["PageView", "Every storefront page a shopper opens", "The page's address"],
  ["ViewContent", "A product page opens", "The product's id and name, its price and the shop's currency"],
  ["AddToCart", "A product is added to the cart (product page or wishlist)", "The product, the quantity and their value"],
  ["InitiateCheckout", "The checkout opens", "The cart's total, currency and number of items"],
  [
    "Purchase",
    "The order confirmation shows, once per order",
    "The order's total, currency and number of items; the order's id as the event id, so Facebook counts a reload once",
  ],
];

/** The status switch: a checkbox shown as a switch (role="switch"), so the form posts it without JavaScript too. */
function StatusSwitch({ defaultChecked, onChange }: { defaultChecked: boolean; onChange: (on: boolean) => void }) {
  const field = useField("status");
  const checked = field.failed ? field.defaultValue === "active" : defaultChecked;
  const hint = "On: the pixel loads on every storefront page (never in this admin area). Off: nothing is loaded from Facebook or sent to it.";
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
          Pixel active
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
  return (
    <>
      <section aria-labelledby="pixel-state" className="mb-6 rounded-xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="pixel-preview">
        <h2 id="pixel-state" className="text-sm font-semibold uppercase tracking-wider text-stone-600">
          On the storefront
        </h2>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-900" aria-live="polite">
          <StatusBadge tone={live ? "success" : "neutral"}>{live ? "Active" : "Inactive"}</StatusBadge>
          <span>
            {live
              ? `Active: the pixel ${pixelId.trim()} loads on every storefront page.`
              : on
                ? "Inactive: an active pixel needs its id. Nothing is loaded from Facebook or sent to it."
                : "Inactive: nothing is loaded from Facebook or sent to it."}
          </span>
        </p>
        {unsaved && <p className="mt-2 text-sm text-amber-900">Not saved yet: the storefront follows once you save.</p>}
      </section>
      <div className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        <FormErrorSummary title="The pixel could not be saved" />
        <div className="space-y-6">
          <TextField
            name="pixelId"
            id={idField.id}
            label="Pixel id"
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            placeholder="1234567890123456"
            defaultValue={idField.defaultValue}
            error={idField.error}
            onChange={(e) => setPixelId(e.currentTarget.value)}
            hint="The 15 or 16 digits Events Manager shows under the pixel's name (Data sources). Leave it empty to remove the pixel."
          />
          <StatusSwitch defaultChecked={pixel.status === "active"} onChange={setOn} />
        </div>
        <div className="mt-6 flex justify-end">
          <FormSubmit busyLabel="Saving…">Save</FormSubmit>
        </div>
      </div>
    </>
  );
}

/** The tracking pixel screen: a live preview of what the storefront does, the id and the on/off switch, and what is sent when. */
export default function FacebookPixel({ loaderData }: Route.ComponentProps) {
  const { pixel } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Tracking pixel"
        description="Measure visits and sales of your Facebook (Meta) ads: enter the pixel's id from Events Manager and switch it on."
      />
      {/* Keyed by the saved config: after a save the form starts again from what is stored. */}
      <AdminForm method="post" warnUnsaved key={`${pixel.pixelId}:${pixel.status}`}>
        <PixelEditor pixel={pixel} />
      </AdminForm>

      <section aria-labelledby="pixel-events" className="mt-8">
        <h2 id="pixel-events" className="text-lg font-semibold text-stone-900">
          What the pixel sends, and when
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-stone-700">
          Only while it is active, from the storefront (never from this admin area), as Facebook's standard events. No names, e-mail or postal addresses are
          sent.
        </p>
        <dl className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {EVENTS.map(([event, when, what]) => (
            <div key={event} className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr] sm:gap-4">
              <dt className="font-mono text-sm font-semibold text-stone-900">{event}</dt>
              <dd className="text-sm text-stone-700">
                <span className="font-medium text-stone-900">{when}.</span> {what}.
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm leading-relaxed text-stone-700">
          A shopper whose browser runs no JavaScript sends one PageView per page, through a tiny image. The shop's privacy policy tells shoppers about the
          pixel.
        </p>
      </section>
    </div>
  );
}
