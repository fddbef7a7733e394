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

const PAGE_SIZE = 50;
const STATES = ["failed", "queued", "active", "done"] as const;
type State = (typeof STATES)[number];

const STATE_TEXT: Record<State, { label: string; tone: StatusTone; empty: { title: string; description: string } }> = {
  failed: {
    label: "Failed",
    tone: "danger",
    empty: { title: "No failed jobs", description: "A job that fails its last try waits here with its error, for you to try again or discard." },
  },
  queued: {
    label: "Waiting",
    tone: "info",
    empty: { title: "Nothing waiting", description: "Mails and periodic work wait here until a worker takes them, or until their next try." },
  },
  active: { label: "Running", tone: "warning", empty: { title: "Nothing running", description: "Jobs a worker is running right now show here." } },
  done: { label: "Done", tone: "success", empty: { title: "Nothing done yet", description: "Jobs done in the last week show here." } },
};

/** What each kind of job does, in words (a job of a kind not named here shows its code). */
const JOB_NAMES: Record<string, string> = {
  "mail.deliver": "Mail delivery",
  "maintenance.visitor-retention": "Clean-up of idle visitors' carts",
  "orders.release-unpaid-card": "Release of unpaid card orders",
  "analytics.roll-up": "Analytics roll-up",
  "jobs.prune-done": "Clearing of old jobs",
  "webhooks.deliver": "Webhook delivery",
  "webhooks.send-once": "Webhook test or redelivery",
  "webhooks.prune-deliveries": "Clearing of old webhook deliveries",
};
const jobName = (name: string) => JOB_NAMES[name] ?? name;

/** One page (50) of the jobs of the tab in the URL (Failed by default), the latest first, with every state's count. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const query = parseTableQuery(request, { sorts: [], filters: { state: [...STATES] }, pageSize: PAGE_SIZE });
  const state = (query.filters.state ?? "failed") as State;
  const { counts, jobs, engine } = await context.services.backgroundJobs.list(state, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  // The tab is not a filter to clear.
  return { jobs, counts, engine, state, total: counts[state], query: { ...query, narrowed: false } };
}

const NOUN = (n: number) => `${n} ${n === 1 ? "job" : "jobs"}`;

/** Retry or discard the selected failed jobs, then back to the same list with what it did. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const actor = auditActor(context, user);
  const { intent, ids, confirmed } = readBulkAction(await request.formData());
  const { backgroundJobs } = context.services;
  try {
    if (!ids.length) throw new AppError("invalid_input", "Select the failed jobs first.");
    if (intent !== "retry" && intent !== "discard") throw new AppError("invalid_input", "Choose an action.");
    if (intent === "discard") requireConfirmed({ confirmed }, "discarding the jobs");
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
      message: intent === "retry" ? `${NOUN(done)} queued again` : `${NOUN(done)} discarded`,
      description: skipped ? `${NOUN(skipped)} no longer failed, left as they are` : undefined,
    });
  } catch (err) {
    return formFailure(err);
  }
}

const BULK_ACTIONS: BulkAction[] = [
  { intent: "retry", label: "Try again" },
  {
    intent: "discard",
    label: "Discard",
    confirm: (count) => ({
      title: count === null ? "Discard the selected jobs?" : `Discard ${NOUN(count)}?`,
      body: "They will not be tried again: a discarded mail is never sent.",
      confirmLabel: count === null ? "Discard them" : `Discard ${NOUN(count)}`,
    }),
  },
];

const columns: Column<AdminJob>[] = [
  {
    key: "job",
    header: "Job",
    rowHeader: true,
    className: "sm:min-w-[14rem]",
    cell: (j) => (
      <>
        <span className="block font-medium text-stone-900">{jobName(j.name)}</span>
        {j.about && <span className="mt-0.5 block text-xs font-normal break-words text-stone-700">{j.about}</span>}
        <span className="mt-0.5 block font-mono text-xs font-normal text-stone-600" title={j.id}>
          <span className="sr-only">Job id </span>
          {j.id.slice(0, 8)}
        </span>
      </>
    ),
  },
  {
    key: "state",
    header: "State",
    cell: (j) => (
      <span className="flex flex-col items-start gap-1">
        <StatusBadge tone={STATE_TEXT[j.state].tone}>{STATE_TEXT[j.state].label}</StatusBadge>
        <span className="text-xs whitespace-nowrap text-stone-700">
          {j.attempts} of {j.maxAttempts} {j.maxAttempts === 1 ? "try" : "tries"}
        </span>
      </span>
    ),
  },
  {
    key: "when",
    header: "When",
    cell: (j) => (
      <span className="text-sm text-stone-800">
        {j.state === "queued" ? (
          <>
            Runs <LocalDate iso={j.runAt} withTime />
          </>
        ) : (
          <>
            {j.state === "done" ? "Done " : j.state === "failed" ? "Failed " : "Started "}
            <LocalDate iso={j.updatedAt} withTime />
          </>
        )}
      </span>
    ),
  },
  {
    key: "error",
    header: "Last error",
    className: "sm:min-w-[16rem]",
    cell: (j) =>
      j.lastError ? (
        <span className="block font-mono text-xs break-words whitespace-pre-wrap text-rose-900" data-testid="job-error">
          {j.lastError}
        </span>
      ) : (
        <span className="text-stone-600">None</span>
      ),
  },
];

/** The job queue as an operator sees it: how many jobs are in each state, the failed ones with their error, retry and discard. */
export default function BackgroundJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, counts, state, total, query, engine } = loaderData;
  const failure = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Background jobs"
        description={`Mails and the shop's periodic work run as jobs, tried again with growing waits when they fail. A job that fails its last try waits here with its error. Engine: ${engine === "pg-boss" ? "pg-boss (PostgreSQL)" : "the shop's database"}.`}
      />
      <StatusTabs
        label="Jobs by state"
        param="state"
        current={state === "failed" ? null : state}
        tabs={STATES.map((s) => ({ value: s === "failed" ? null : s, label: STATE_TEXT[s].label, count: counts[s] }))}
      />
      {failure && (
        <p role="alert" className="mb-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="bulk-error">
          {failure.message}
        </p>
      )}
      <DataTable
        caption={`${STATE_TEXT[state].label} background jobs`}
        rows={jobs}
        rowKey={(j) => j.id}
        rowLabel={(j) => `the job ${jobName(j.name)}${j.about ? `: ${j.about}` : ""}`}
        columns={columns}
        query={query}
        total={total}
        noun={{ one: "job", other: "jobs" }}
        bulkActions={state === "failed" ? BULK_ACTIONS : undefined}
        empty={STATE_TEXT[state].empty}
        testId="jobs-table"
        minWidth="min-w-0 sm:min-w-[44rem]"
      />
    </div>
  );
}
