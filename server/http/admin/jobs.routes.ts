import { z } from "zod";
import { JOB_STATES } from "../../flows/background-jobs";
import { type AdminRoute, actorOf, idParam, parseQuery } from "./admin-route";

export const jobsQuery = z.object({
  state: z.enum(JOB_STATES).default("failed"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** The background jobs (mail deliveries, periodic work): counts, one state's jobs, retry and discard of failed ones. */
export const JOB_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/jobs",
    summary:
      "Jobs of one `state` (failed by default; queued, active, done), the latest first, each with its attempts and last error. `meta.counts` gives the jobs of every state, `meta.engine` the queue's engine (table or pg-boss).",
    query: jobsQuery,
    async handler(c) {
      const q = parseQuery(c, jobsQuery);
      const { counts, jobs, engine } = await c.var.services.backgroundJobs.list(q.state, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return c.json({ data: jobs, meta: { counts, engine, total: counts[q.state], page: q.page, pageSize: q.pageSize } });
    },
  },
  {
    method: "GET",
    path: "/jobs/:id",
    summary: "One job: name, state, attempts, when it runs next, its last error.",
    async handler(c) {
      return c.json({ data: await c.var.services.backgroundJobs.get(idParam(c, "job id")) });
    },
  },
  {
    method: "POST",
    path: "/jobs/:id/retry",
    summary: "Queue a failed job again (409 when it is not failed).",
    async handler(c) {
      return c.json({ data: await c.var.services.backgroundJobs.retry(actorOf(c), idParam(c, "job id")) });
    },
  },
  {
    method: "DELETE",
    path: "/jobs/:id",
    summary: "Discard a failed job (409 when it is not failed).",
    async handler(c) {
      await c.var.services.backgroundJobs.discard(actorOf(c), idParam(c, "job id"));
      return c.body(null, 204);
    },
  },
];
