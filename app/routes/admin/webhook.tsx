import { useRichT, useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { useEffect } from "react";
import { Form, Link, data, useNavigation, useRevalidator } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-nav";
import { ConfirmButton } from "~/components/admin/dialog";
import { AdminForm, FormCheckbox, FormErrorSummary, FormSubmit, FormText } from "~/components/admin/form";
import { auditActor, formFailure, readIntent, requireConfirmed } from "~/components/admin/form-result.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { EmptyState, PageHeader, buttonClass } from "~/components/admin/ui";
import { DeliveryBadge, EndpointStatus, EventsFieldset, SecretOnce } from "~/components/admin/webhooks/webhook-parts";
import { readEndpointForm } from "~/components/admin/webhooks/webhook-form.server";
import { LocalDate } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { AppError } from "#common/errors";
import type { WebhookDeliveryDetail } from "#modules/webhooks";
import type { Route } from "./+types/webhook";
import { adminMeta } from "./admin-meta";

const LIST = "/admin-dashboard/webhooks";
const PAGE_SIZE = 20;

/** The endpoint and one page of its deliveries with their requests and answers (`?page=`). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const page = Math.min(10_000, Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1));
  try {
    const [endpoint, deliveries] = await Promise.all([
      context.services.webhooks.get(params.id),
      context.services.webhooks.listDeliveryDetails(params.id, { page, pageSize: PAGE_SIZE }),
    ]);
    return { endpoint, deliveries: deliveries.data, meta: deliveries.meta };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data({ message: err.message }, { status: 404, statusText: "Not Found" });
    throw err;
  }
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = { breadcrumb: (d) => d?.endpoint.description || d?.endpoint.url };

/**
 * The endpoint's steps: save its fields, rotate its secret (the new one is answered here, once),
 * send a test ping, redeliver one delivery, delete it (confirmed). All through the webhooks service (audited).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  const { intent, confirmed } = readIntent(form);
  const here = `${LIST}/${encodeURIComponent(params.id)}`;
  const webhooks = context.services.webhooks;
  try {
    if (intent === "save") {
      await webhooks.update(auditActor(context, user), params.id, readEndpointForm(form));
      return redirectWithToast(here, { kind: "success", message: adminT("admin.webhooks.toast.saved") });
    }
    if (intent === "rotate") {
      const rotated = await webhooks.update(auditActor(context, user), params.id, { rotateSecret: true });
      return { secret: rotated.secret };
    }
    if (intent === "test") {
      await webhooks.test(params.id);
      return redirectWithToast(here, {
        kind: "success",
        message: adminT("admin.webhooks.toast.pinged"),
        description: adminT("admin.webhooks.toast.pingedText"),
      });
    }
    if (intent === "redeliver") {
      const deliveryId = form.get("deliveryId");
      await webhooks.redeliver(params.id, typeof deliveryId === "string" ? deliveryId : "");
      return redirectWithToast(here, {
        kind: "success",
        message: adminT("admin.webhooks.toast.requeued"),
        description: adminT("admin.webhooks.toast.requeuedText"),
      });
    }
    if (intent === "delete") {
      requireConfirmed({ confirmed }, adminT("admin.categories.theDeletion"));
      await webhooks.remove(auditActor(context, user), params.id);
      return redirectWithToast(LIST, { kind: "success", message: adminT("admin.webhooks.toast.deleted") });
    }
    throw new AppError("invalid_input", adminT("admin.form.unknownAction"));
  } catch (err) {
    return formFailure(err, form);
  }
}

/** Pretty JSON when the text is JSON, else the text as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const codeBlock = "mt-1 max-h-72 overflow-auto rounded-lg bg-stone-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-stone-100";

/** One delivery: its summary line opens what was sent and what came back, and the redeliver button. */
function DeliveryItem({ delivery: d }: { delivery: WebhookDeliveryDetail }) {
  const t = useT();
  return (
    <li>
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 p-4 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-stone-900">
          <span aria-hidden="true" className="text-stone-500 transition-transform group-open:rotate-90">
            ›
          </span>
          <span className="font-mono text-sm font-semibold text-stone-900">{d.event}</span>
          <DeliveryBadge status={d.status} />
          <span className="text-sm text-stone-700">
            {d.responseStatus !== null ? `HTTP ${d.responseStatus}` : d.attempts ? t("admin.webhooks.noAnswer") : t("admin.webhooks.notTried")} ·{" "}
            {t("admin.webhooks.tries", { count: d.attempts })}
          </span>
          <span className="text-sm text-stone-600 sm:ml-auto">
            <LocalDate iso={d.createdAt} withTime />
          </span>
        </summary>
        <div className="space-y-4 border-t border-stone-200 p-4">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-stone-600">webhook-id</dt>
            <dd className="font-mono break-all text-stone-900">{d.id}</dd>
            <dt className="text-stone-600">{t("admin.webhooks.lastTry")}</dt>
            <dd className="text-stone-900">{d.lastAttemptAt ? <LocalDate iso={d.lastAttemptAt} withTime /> : "—"}</dd>
            <dt className="text-stone-600">{t("admin.webhooks.delivery.delivered")}</dt>
            <dd className="text-stone-900">{d.deliveredAt ? <LocalDate iso={d.deliveredAt} withTime /> : "—"}</dd>
            {d.error && (
              <>
                <dt className="text-stone-600">{t("admin.webhooks.whyFailed")}</dt>
                <dd className="font-medium text-rose-800">{d.error}</dd>
              </>
            )}
          </dl>
          <div>
            <h4 className="text-sm font-semibold text-stone-900">{t("admin.webhooks.request")}</h4>
            {d.request.headers && (
              <pre className={codeBlock} data-testid="request-headers">
                {Object.entries(d.request.headers)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join("\n")}
              </pre>
            )}
            <pre className={codeBlock} data-testid="request-body">
              {pretty(d.request.body)}
            </pre>
          </div>
          <div>
            <h4 className="text-sm font-semibold text-stone-900">{t("admin.webhooks.response")}</h4>
            {d.response ? (
              <pre className={codeBlock} data-testid="response-body">
                {`HTTP ${d.response.status}\n\n${d.response.body || t("admin.webhooks.emptyBody")}`}
              </pre>
            ) : (
              <p className="mt-1 text-sm text-stone-700">{t("admin.webhooks.noAnswerYet")}</p>
            )}
          </div>
          <Form method="post">
            <input type="hidden" name="deliveryId" value={d.id} />
            <button type="submit" name="intent" value="redeliver" className={buttonClass("secondary", "sm")}>
              {t("admin.webhooks.redeliver")}
              <span className="sr-only"> {t("admin.webhooks.theDelivery", { event: d.event })}</span>
            </button>
          </Form>
        </div>
      </details>
    </li>
  );
}

/** One endpoint: its state, its settings form, its secret, a test ping, and its deliveries with their requests and answers. */
export default function Webhook({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, deliveries, meta } = loaderData;
  const secret = actionData && "secret" in actionData ? actionData.secret : null;
  const failure = actionData && "error" in actionData ? actionData.error : null;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const pending = deliveries.some((d) => d.status === "pending");
  // While a delivery waits for its try, the list looks again every two seconds.
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && navigation.state === "idle") void revalidator.revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [pending, revalidator, navigation.state]);
  const pages = Math.max(1, Math.ceil(meta.total / meta.pageSize));
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent");
  const t = useT();
  const richT = useRichT();

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={<span className="break-all">{endpoint.description || endpoint.url}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <EndpointStatus endpoint={endpoint} />
            <span className="font-mono text-sm break-all">{endpoint.url}</span>
          </span>
        }
        actions={
          <Form method="post">
            <button type="submit" name="intent" value="test" className={buttonClass("primary")} disabled={busy === "test"} data-testid="send-test">
              {busy === "test" ? t("admin.webhooks.sending") : t("admin.webhooks.sendTest")}
            </button>
          </Form>
        }
      />
      {endpoint.disabledAt && (
        <p role="status" className="mb-6 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm text-rose-900">
          {richT("admin.webhooks.disabled", {
            off: <strong>{t("admin.webhooks.switchedOffByShop")}</strong>,
            date: <LocalDate iso={endpoint.disabledAt} withTime />,
            reason: endpoint.disabledReason ?? "",
          })}
        </p>
      )}
      {failure && !failure.fields && (
        <p role="alert" className="mb-6 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900">
          {failure.message}
        </p>
      )}
      {secret && <SecretOnce secret={secret} title={t("admin.webhooks.aNewSigningSecret")} />}

      <section aria-labelledby="deliveries-title" className="mb-10">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="deliveries-title" className="text-lg font-semibold text-stone-900">
            {t("admin.webhooks.deliveriesTitle")}
          </h2>
          <p className="text-sm text-stone-700" aria-live="polite">
            {pending ? t("admin.webhooks.waiting") : t("admin.webhooks.inAll", { total: meta.total })}
          </p>
        </div>
        {deliveries.length === 0 ? (
          <EmptyState title={t("admin.webhooks.noDeliveriesYet")} testId="deliveries-empty">
            {t("admin.webhooks.noDeliveriesText")}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="webhook-deliveries">
            {deliveries.map((d) => (
              <DeliveryItem key={d.id} delivery={d} />
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label={t("admin.webhooks.deliveriesPages")} className="mt-3 flex items-center justify-between text-sm">
            {meta.page > 1 ? (
              <Link to={`?page=${meta.page - 1}`} className={buttonClass("secondary", "sm")}>
                {t("admin.webhooks.newer")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-stone-700">{t("admin.table.pageOf", { page: meta.page, pages })}</span>
            {meta.page < pages ? (
              <Link to={`?page=${meta.page + 1}`} className={buttonClass("secondary", "sm")}>
                {t("admin.webhooks.older")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>

      <section aria-labelledby="settings-title" className="mb-10">
        <h2 id="settings-title" className="mb-3 text-lg font-semibold text-stone-900">
          {t("admin.webhooks.settings")}
        </h2>
        <AdminForm method="post" idPrefix="edit" warnUnsaved key={endpoint.updatedAt} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <FormErrorSummary title={t("admin.webhooks.theEndpointCouldNot2")} />
          <div className="space-y-6">
            <FormText
              name="url"
              label={t("admin.webhooks.endpointUrl")}
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={2000}
              defaultValue={endpoint.url}
              required
            />
            <FormText
              name="description"
              label={t("admin.webhooks.descriptionOptional")}
              maxLength={200}
              autoComplete="off"
              defaultValue={endpoint.description ?? ""}
            />
            <EventsFieldset selected={endpoint.events} />
            <FormCheckbox name="active" label={t("admin.webhooks.activeSendEventsTo")} defaultChecked={endpoint.active} />
          </div>
          <div className="mt-6 flex justify-end">
            <FormSubmit name="intent" value="save" busyLabel={t("admin.form.saving")}>
              {t("admin.pixel.save")}
            </FormSubmit>
          </div>
        </AdminForm>
      </section>

      <section aria-labelledby="secret-title" className="mb-10 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        <h2 id="secret-title" className="text-lg font-semibold text-stone-900">
          {t("admin.webhooks.secret")}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{richT("admin.webhooks.secretText", { secret: <span className="font-mono">{endpoint.secret}</span> })}</p>
        <Form method="post" className="mt-3">
          <ConfirmButton
            value="rotate"
            title={t("admin.webhooks.makeANewSigning")}
            body={t("admin.webhooks.requestsAreSignedWith")}
            confirmLabel={t("admin.webhooks.makeANewSecret")}
            tone="primary"
          >
            {t("admin.webhooks.rotate")}
          </ConfirmButton>
        </Form>
      </section>

      <section aria-labelledby="delete-title" className="rounded-xl border border-rose-200 bg-white p-4 sm:p-6">
        <h2 id="delete-title" className="text-lg font-semibold text-stone-900">
          {t("admin.webhooks.deleteTitle")}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{t("admin.webhooks.deleteText")}</p>
        <Form method="post" className="mt-3">
          <ConfirmButton value="delete" title={t("admin.webhooks.deleteThisEndpoint")} body={endpoint.url} confirmLabel={t("admin.webhooks.deleteEndpoint")}>
            {t("admin.webhooks.deleteEndpoint")}
          </ConfirmButton>
        </Form>
      </section>
    </div>
  );
}
