import { useCopyText } from "~/lib/use-copy-text";
import { useField } from "~/components/admin/form";
import { StatusBadge, buttonClass } from "~/components/admin/ui";
import { FieldNotes } from "~/components/form/fields";
import { type DeliveryStatus, WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS } from "#common/webhooks/webhooks.schema";
import type { WebhookEndpoint } from "#modules/webhooks";
import type { MessageKey } from "#common/i18n/catalogs";
import { useRichT, useT } from "~/lib/i18n";

/** The events to send, one checkbox each with what it means (inside an AdminForm: the server's refusal shows under the legend). */
export function EventsFieldset({ selected }: { selected: readonly string[] }) {
  const field = useField("events");
  const t = useT();
  return (
    <fieldset aria-describedby={field.error ? `${field.id}-error` : `${field.id}-hint`} aria-invalid={field.error ? true : undefined}>
      <legend id={field.id} tabIndex={-1} className="text-sm font-medium text-stone-900">
        {t("admin.webhooks.eventsToSend")}
      </legend>
      <FieldNotes id={field.id} name="events" hint={t("admin.webhooks.theEndpointReceivesOnly")} error={field.error} />
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label
            key={event}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 bg-white p-3 has-[:checked]:border-stone-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-stone-900"
          >
            <input type="checkbox" name="events" value={event} defaultChecked={selected.includes(event)} className="mt-0.5 size-5 shrink-0 accent-stone-900" />
            <span className="min-w-0">
              <span className="block font-mono text-sm font-semibold break-all text-stone-900">{event}</span>
              <span className="block text-sm text-stone-700">{WEBHOOK_EVENT_LABELS[event]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A signing secret shown once (just created or rotated): the whole of it in a read-only field to
 * select or copy, and a warning that it will not be shown again.
 */
export function SecretOnce({ secret, title }: { secret: string; title: string }) {
  const { copy, state } = useCopyText(secret);
  const t = useT();
  const richT = useRichT();
  return (
    <section aria-labelledby="secret-once-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5" data-testid="secret-once">
      <h2 id="secret-once-title" className="font-semibold text-amber-950">
        {title}
      </h2>
      <p className="mt-1 text-sm text-amber-950">{richT("admin.webhooks.secretOnce", { header: <code>webhook-signature</code> })}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="secret-once" className="sr-only">
          {t("admin.webhooks.secret")}
        </label>
        <input
          id="secret-once"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-lg border border-amber-400 bg-white px-3 font-mono text-sm text-stone-900 sm:flex-1"
          data-testid="secret-value"
        />
        <button type="button" className={buttonClass("primary")} onClick={() => void copy()}>
          {t("admin.webhooks.copySecret")}
        </button>
      </div>
      <p aria-live="polite" className="mt-2 text-sm font-medium text-amber-950">
        {state === "copied" ? t("admin.webhooks.copied") : state === "failed" ? t("admin.webhooks.copyFailed") : ""}
      </p>
    </section>
  );
}

/** Whether an endpoint receives events: on, off, or switched off by the shop after failing for days. */
export function EndpointStatus({ endpoint }: { endpoint: Pick<WebhookEndpoint, "active" | "disabledAt" | "failingSince"> }) {
  const t = useT();
  if (endpoint.active)
    return endpoint.failingSince ? (
      <StatusBadge tone="warning">{t("admin.webhooks.failing")}</StatusBadge>
    ) : (
      <StatusBadge tone="success">{t("admin.products.status.active")}</StatusBadge>
    );
  return endpoint.disabledAt ? (
    <StatusBadge tone="danger">{t("admin.webhooks.switchedOff")}</StatusBadge>
  ) : (
    <StatusBadge>{t("admin.banners.state.off")}</StatusBadge>
  );
}

const DELIVERY_TONES = { pending: "info", delivered: "success", failed: "danger" } as const;
const DELIVERY_LABELS: Record<DeliveryStatus, MessageKey> = {
  pending: "admin.webhooks.delivery.pending",
  delivered: "admin.webhooks.delivery.delivered",
  failed: "admin.webhooks.delivery.failed",
};

/** A delivery's status as a badge. */
export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  const t = useT();
  return <StatusBadge tone={DELIVERY_TONES[status]}>{t(DELIVERY_LABELS[status])}</StatusBadge>;
}
