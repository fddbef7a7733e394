import type { Db } from "../db/database";
import { type AuditActor, appendAudit } from "#modules/audit";
import type { JobQueue, JobState, JobView } from "#modules/jobs";

export const JOB_STATES = ["failed", "queued", "active", "done"] as const satisfies readonly JobState[];

/** A job as the Background jobs screen and GET /api/admin/jobs show it: no payload, but a mail's recipient and subject. */
export interface AdminJob extends Omit<JobView, "payload"> {
  /** What it is about, when the job says it plainly: a mail's recipient and subject. */
  about: string | null;
}

/** The words that name what a job is about, from its payload: a mail's recipient and subject; nothing else is shown. */
function aboutOf(job: JobView): string | null {
  const payload = job.payload as { to?: unknown; subject?: unknown } | null;
  if (job.name === "mail.deliver" && payload && typeof payload.to === "string") {
    return typeof payload.subject === "string" ? `${payload.subject} — to ${payload.to}` : `To ${payload.to}`;
  }
  return null;
}

function adminView(job: JobView): AdminJob {
  const { payload: _payload, ...shown } = job;
  return { ...shown, about: aboutOf(job) };
}

/**
 * The operators' side of the job queue (permission `settings`): counts per state, one state's jobs
 * (failed ones with their error), and retry or discard of a failed job, each audited.
 */
export function createBackgroundJobs(deps: { db: Db; jobs: JobQueue }) {
  const { db, jobs } = deps;
  return {
    /** The counts of every state and one page of jobs in `state`, the latest first. */
    async list(state: JobState, page: { limit: number; offset: number }) {
      const [counts, rows] = await Promise.all([jobs.counts(), jobs.list(state, page)]);
      return { counts, jobs: rows.map(adminView), engine: jobs.engine };
    },

    async get(id: string): Promise<AdminJob> {
      return adminView(await jobs.get(id));
    },

    /** Queues a failed job again (409 when it is not failed). */
    async retry(actor: AuditActor, id: string): Promise<AdminJob> {
      const job = await jobs.retry(id);
      await appendAudit(db.kysely, actor, { action: "job.retry", entityType: "job", entityId: id, changes: { name: { before: null, after: job.name } } });
      return adminView(job);
    },

    /** Deletes a failed job (409 when it is not failed). */
    async discard(actor: AuditActor, id: string): Promise<void> {
      const job = await jobs.get(id);
      await jobs.discard(id);
      await appendAudit(db.kysely, actor, { action: "job.discard", entityType: "job", entityId: id, changes: { name: { before: job.name, after: null } } });
    },
  };
}

export type BackgroundJobs = ReturnType<typeof createBackgroundJobs>;
