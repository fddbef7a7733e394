import { useT } from "~/lib/i18n";
import { Link } from "react-router";
import { AdminForm, FormCheckbox, FormErrorSummary, FormSubmit, FormText } from "~/components/admin/form";
import { auditActor, formFailure } from "~/components/admin/form-result.server";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { EndpointStatus, EventsFieldset, SecretOnce } from "~/components/admin/webhooks/webhook-parts";
import { readEndpointForm } from "~/components/admin/webhooks/webhook-form.server";
import { requireAdminScreen } from "~/lib/auth.server";
import type { WebhookEndpoint } from "#modules/webhooks";
import type { Route } from "./+types/webhooks";

/** Every endpoint with its deliveries per status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  return { endpoints: await context.services.webhooks.list() };
}

/** Adds an endpoint (validated, audited) and answers it with its whole secret, shown on this page once; a refusal shows beside its field. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  try {
    const created = await context.services.webhooks.create(auditActor(context, user), readEndpointForm(form));
    return { created };
  } catch (err) {
    return formFailure(err, form);
  }
}

/** One endpoint in the list: its address (the link to its page), what it is for, its state and its deliveries. */
function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { delivered, failed, pending } = endpoint.deliveries;
  const t = useT();
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <Link
          to={`/admin-dashboard/webhooks/${encodeURIComponent(endpoint.id)}`}
          className="block font-mono text-sm font-semibold break-all text-stone-900 underline-offset-4 hover:underline"
        >
          {endpoint.url}
        </Link>
        {endpoint.description && <p className="mt-0.5 text-sm text-stone-700">{endpoint.description}</p>}
        <p className="mt-1 text-xs text-stone-600">
          {t("admin.webhooks.events", { count: endpoint.events.length })}: {endpoint.events.join(", ")}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
        <EndpointStatus endpoint={endpoint} />
        <span>
          {t("admin.webhooks.deliveries", { delivered, failed })}
          {pending ? ` · ${t("admin.webhooks.pending", { pending })}` : ""}
        </span>
      </div>
    </li>
  );
}

/** The webhooks screen: the endpoints, and a form to add one (its secret shown once after). */
export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints } = loaderData;
  const created = actionData && "created" in actionData ? actionData.created : null;
  const t = useT();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("admin.nav.webhooks")} description={t("admin.webhooks.tellOtherSystemsAn")} />
      {created && (
        <>
          <SecretOnce secret={created.secret} title={t("admin.webhooks.added", { url: created.url })} />
          <p className="-mt-3 mb-6 text-sm">
            <Link to={`/admin-dashboard/webhooks/${encodeURIComponent(created.id)}`} className="font-medium text-stone-900 underline underline-offset-4">
              {t("admin.webhooks.openToPing")}
            </Link>
          </p>
        </>
      )}

      <section aria-labelledby="endpoints-title" className="mb-10">
        <h2 id="endpoints-title" className="mb-3 text-lg font-semibold text-stone-900">
          {t("admin.webhooks.endpoints")}
        </h2>
        {endpoints.length === 0 ? (
          <EmptyState title={t("admin.webhooks.noEndpointsYet")} testId="webhooks-empty">
            {t("admin.webhooks.emptyText")}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="webhook-endpoints">
            {endpoints.map((e) => (
              <EndpointItem key={e.id} endpoint={e} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-endpoint-title">
        <h2 id="add-endpoint-title" className="mb-3 text-lg font-semibold text-stone-900">
          {t("admin.webhooks.addTitle")}
        </h2>
        {/* Keyed by the last endpoint added: after a success the form starts empty again. */}
        <AdminForm method="post" idPrefix="add" key={created?.id ?? "new"} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <FormErrorSummary title={t("admin.webhooks.theEndpointCouldNot")} />
          <div className="space-y-6">
            <FormText
              name="url"
              label={t("admin.webhooks.endpointUrl")}
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={2000}
              placeholder="https://example.com/webhooks/shop"
              hint={t("admin.webhooks.anHttpsAddressOn")}
              required
            />
            <FormText
              name="description"
              label={t("admin.webhooks.descriptionOptional")}
              maxLength={200}
              placeholder={t("admin.webhooks.warehouseSystem")}
              autoComplete="off"
            />
            <EventsFieldset selected={[]} />
            <FormCheckbox name="active" label={t("admin.webhooks.activeSendEventsFrom")} defaultChecked />
          </div>
          <div className="mt-6 flex justify-end">
            <FormSubmit busyLabel={t("admin.webhooks.adding")}>{t("admin.webhooks.add")}</FormSubmit>
          </div>
        </AdminForm>
      </section>
    </div>
  );
}
