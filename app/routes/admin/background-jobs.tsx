import { type BulkAction, type Column, DataTable } from "~/components/admin/data-table";
import { auditActor, formFailure, readBulkAction, requireConfirmed } from "~/components/admin/form-result.server";
import { StatusTabs } from "~/components/admin/status-tabs";
import { parseTableQuery } from "~/components/admin/table-query.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, StatusBadge, type StatusTone } from "~/components/admin/ui";
import { LocalDate } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { pageAddress } from "~/lib/page-address.server";
import { AppError } from "#common/errors";
import type { AdminJob } from "#server/flows/background-jobs";
import type { Route } from "./+types/background-jobs";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";

const PAGE_SIZE = 50;
const STATES = ["failed", "queued", "active", "done"] as const;
type State = (typeof STATES)[number];

/** Each state's tab, its badge's colour, the table's caption and what its empty list says (admin catalog keys). */
const STATE_TEXT: Record<State, { label: MessageKey; tone: StatusTone; caption: MessageKey; title: MessageKey; description: MessageKey }> = {
  failed: {
    label: "admin.jobs.state.failed",
    tone: "danger",
    caption: "admin.jobs.caption.failed",
    title: "admin.jobs.empty.failed",
    description: "admin.jobs.empty.failedText",
  },
  queued: {
    label: "admin.jobs.state.queued",
    tone: "info",
    caption: "admin.jobs.caption.queued",
    title: "admin.jobs.empty.queued",
    description: "admin.jobs.empty.queuedText",
  },
  active: {
    label: "admin.jobs.state.active",
    tone: "warning",
    caption: "admin.jobs.caption.active",
    title: "admin.jobs.empty.active",
    description: "admin.jobs.empty.activeText",
  },
  done: {
    label: "admin.jobs.state.done",
    tone: "success",
    caption: "admin.jobs.caption.done",
    title: "admin.jobs.empty.done",
    description: "admin.jobs.empty.doneText",
  },
};

/** What each kind of job does, in words (a job of a kind not named here shows its code). */
const JOB_NAMES: Record<string, MessageKey> = {
  "mail.deliver": "admin.jobs.name.mail",
  "maintenance.visitor-retention": "admin.jobs.name.visitorRetention",
  "orders.release-unpaid-card": "admin.jobs.name.releaseUnpaid",
  "analytics.roll-up": "admin.jobs.name.rollUp",
  "jobs.prune-done": "admin.jobs.name.pruneDone",
  "webhooks.deliver": "admin.jobs.name.webhookDeliver",
  "webhooks.send-once": "admin.jobs.name.webhookOnce",
  "webhooks.prune-deliveries": "admin.jobs.name.webhookPrune",
};
const jobName = (name: string, t: Translate) => (JOB_NAMES[name] ? t(JOB_NAMES[name]) : name);

/** One page (50) of the jobs of the tab in the URL (Failed by default), the latest first, with every state's count. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const query = parseTableQuery(request, { sorts: [], filters: { state: [...STATES] }, pageSize: PAGE_SIZE });
  const state = (query.filters.state ?? "failed") as State;
  const { counts, jobs, engine } = await context.services.backgroundJobs.list(state, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  // The tab is not a filter to clear.
  return { jobs, counts, engine, state, total: counts[state], query: { ...query, narrowed: false } };
}

/** Retry or discard the selected failed jobs, then back to the same list with what it did. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const actor = auditActor(context, user);
  const { intent, ids, confirmed } = readBulkAction(await request.formData());
  const { backgroundJobs } = context.services;
  try {
    if (!ids.length) throw new AppError("invalid_input", adminT("admin.jobs.selectFirst"));
    if (intent !== "retry" && intent !== "discard") throw new AppError("invalid_input", adminT("admin.products.bulk.chooseAction"));
    if (intent === "discard") requireConfirmed({ confirmed }, adminT("admin.jobs.discarding"));
    let done = 0;
    let skipped = 0;
    for (const id of ids) {
      try {
        if (intent === "retry") await backgroundJobs.retry(actor, id);
        else await backgroundJobs.discard(actor, id);
        done += 1;
      } catch (err) {
        // A job that is no longer failed (retried by someone else, or gone) is left as it is.
        if (err instanceof AppError && (err.code === "conflict" || err.code === "not_found")) skipped += 1;
        else throw err;
      }
    }
    return redirectWithToast(pageAddress(request), {
      kind: done ? "success" : "error",
      message: intent === "retry" ? adminT("admin.jobs.toast.retried", { count: done }) : adminT("admin.jobs.toast.discarded", { count: done }),
      description: skipped ? adminT("admin.jobs.toast.skipped", { count: skipped }) : undefined,
    });
  } catch (err) {
    return formFailure(err);
  }
}

const bulkActions = (t: Translate): BulkAction[] => [
  { intent: "retry", label: t("admin.jobs.retry") },
  {
    intent: "discard",
    label: t("admin.jobs.discard"),
    confirm: (count) => ({
      title: count === null ? t("admin.jobs.discardSelected") : t("admin.jobs.discardTitle", { count }),
      body: t("admin.jobs.discardBody"),
      confirmLabel: count === null ? t("admin.jobs.discardThem") : t("admin.jobs.discardCount", { count }),
    }),
  },
];

const columnsFor = (t: Translate): Column<AdminJob>[] => [
  {
    key: "job",
    header: t("admin.jobs.job"),
    rowHeader: true,
    className: "sm:min-w-[14rem]",
    cell: (j) => (
      <>
        <span className="block font-medium text-stone-900">{jobName(j.name, t)}</span>
        {j.about && <span className="mt-0.5 block text-xs font-normal break-words text-stone-700">{j.about}</span>}
        <span className="mt-0.5 block font-mono text-xs font-normal text-stone-600" title={j.id}>
          <span className="sr-only">{t("admin.jobs.jobId")} </span>
          {j.id.slice(0, 8)}
        </span>
      </>
    ),
  },
  {
    key: "state",
    header: t("admin.jobs.stateHeader"),
    cell: (j) => (
      <span className="flex flex-col items-start gap-1">
        <StatusBadge tone={STATE_TEXT[j.state].tone}>{t(STATE_TEXT[j.state].label)}</StatusBadge>
        <span className="text-xs whitespace-nowrap text-stone-700">{t("admin.jobs.tries", { attempts: j.attempts, count: j.maxAttempts })}</span>
      </span>
    ),
  },
  {
    key: "when",
    header: t("admin.jobs.when"),
    cell: (j) => (
      <span className="text-sm text-stone-800">
        {j.state === "queued" ? (
          <>
            {t("admin.jobs.runs")} <LocalDate iso={j.runAt} withTime />
          </>
        ) : (
          <>
            {j.state === "done" ? t("admin.jobs.state.done") : j.state === "failed" ? t("admin.jobs.state.failed") : t("admin.jobs.started")}{" "}
            <LocalDate iso={j.updatedAt} withTime />
          </>
        )}
      </span>
    ),
  },
  {
    key: "error",
    header: t("admin.jobs.lastError"),
    className: "sm:min-w-[16rem]",
    cell: (j) =>
      j.lastError ? (
        <span className="block font-mono text-xs break-words whitespace-pre-wrap text-rose-900" data-testid="job-error">
          {j.lastError}
        </span>
      ) : (
        <span className="text-stone-600">{t("admin.productForm.none")}</span>
      ),
  },
];

/** The job queue as an operator sees it: how many jobs are in each state, the failed ones with their error, retry and discard. */
export default function BackgroundJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, counts, state, total, query, engine } = loaderData;
  const failure = actionData && "error" in actionData ? actionData.error : null;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.backgroundJobs")}
        description={t("admin.jobs.description", { engine: engine === "pg-boss" ? t("admin.jobs.engine.pgBoss") : t("admin.jobs.engine.database") })}
      />
      <StatusTabs
        label={t("admin.jobs.jobsByState")}
        param="state"
        current={state === "failed" ? null : state}
        tabs={STATES.map((s) => ({ value: s === "failed" ? null : s, label: t(STATE_TEXT[s].label), count: counts[s] }))}
      />
      {failure && (
        <p role="alert" className="mb-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="bulk-error">
          {failure.message}
        </p>
      )}
      <DataTable
        caption={t(STATE_TEXT[state].caption)}
        rows={jobs}
        rowKey={(j) => j.id}
        rowLabel={(j) => (j.about ? t("admin.jobs.rowAbout", { name: jobName(j.name, t), about: j.about }) : t("admin.jobs.row", { name: jobName(j.name, t) }))}
        columns={columnsFor(t)}
        query={query}
        total={total}
        noun={{ one: t("admin.jobs.noun.one"), other: t("admin.jobs.noun.other") }}
        bulkActions={state === "failed" ? bulkActions(t) : undefined}
        empty={{ title: t(STATE_TEXT[state].title), description: t(STATE_TEXT[state].description) }}
        testId="jobs-table"
        minWidth="min-w-0 sm:min-w-[44rem]"
      />
    </div>
  );
}
