// The jobs module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The durable job queue: jobs stored with the shop's data, retried, scheduled once per slot.
export {
  createJobQueue,
  type EnqueueOptions,
  type JobDefinition,
  type JobInfo,
  type JobQueue,
  type JobQueueOptions,
  type JobView,
  type ScheduleOptions,
} from "./jobs.service";
export type { JobState } from "./jobs.store";
