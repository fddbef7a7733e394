import { useCopyText } from "~/lib/use-copy-text";
import { useField } from "~/components/admin/form";
import { StatusBadge, buttonClass } from "~/components/admin/ui";
import { FieldNotes } from "~/components/form/fields";
import { type DeliveryStatus, WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS } from "#common/webhooks/webhooks.schema";
import type { WebhookEndpoint } from "#modules/webhooks";

/** The events to send, one checkbox each with what it means (inside an AdminForm: the server's refusal shows under the legend). */
export function EventsFieldset({ selected }: { selected: readonly string[] }) {
  const field = useField("events");
  return (
    <fieldset aria-describedby={field.error ? `${field.id}-error` : `${field.id}-hint`} aria-invalid={field.error ? true : undefined}>
      <legend id={field.id} tabIndex={-1} className="text-sm font-medium text-stone-900">
        Events to send
      </legend>
      <FieldNotes id={field.id} name="events" hint="The endpoint receives only the events ticked here." error={field.error} />
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
  return (
    <section aria-labelledby="secret-once-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5" data-testid="secret-once">
      <h2 id="secret-once-title" className="font-semibold text-amber-950">
        {title}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Copy it into the receiving system now: it is shown only this once. The receiver checks each request's <code>webhook-signature</code> with it.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="secret-once" className="sr-only">
          Signing secret
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
          Copy secret
        </button>
      </div>
      <p aria-live="polite" className="mt-2 text-sm font-medium text-amber-950">
        {state === "copied" ? "Copied to the clipboard." : state === "failed" ? "Could not copy: select the secret and copy it yourself." : ""}
      </p>
    </section>
  );
}

/** Whether an endpoint receives events: on, off, or switched off by the shop after failing for days. */
export function EndpointStatus({ endpoint }: { endpoint: Pick<WebhookEndpoint, "active" | "disabledAt" | "failingSince"> }) {
  if (endpoint.active) return endpoint.failingSince ? <StatusBadge tone="warning">Failing</StatusBadge> : <StatusBadge tone="success">Active</StatusBadge>;
  return endpoint.disabledAt ? <StatusBadge tone="danger">Switched off</StatusBadge> : <StatusBadge>Off</StatusBadge>;
}

const DELIVERY_TONES = { pending: "info", delivered: "success", failed: "danger" } as const;
const DELIVERY_LABELS: Record<DeliveryStatus, string> = { pending: "Pending", delivered: "Delivered", failed: "Failed" };

/** A delivery's status as a badge. */
export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  return <StatusBadge tone={DELIVERY_TONES[status]}>{DELIVERY_LABELS[status]}</StatusBadge>;
}
