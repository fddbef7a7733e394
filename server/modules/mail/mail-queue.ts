import type { Logger } from "../../lib/logger";

/**
 * Mails sent after the answer: a slow or failing SMTP server never delays or fails the request
 * that caused the mail (a failure is logged). `idle()` waits for the ones under way (tests, shutdown).
 */
export function createMailQueue(logger: Logger, mailer?: { idle(): Promise<void> }) {
  const pending = new Set<Promise<unknown>>();
  return {
    /** Runs `task` (which sends one mail) after the answer; `what` and `context` name it in the log if it fails. */
    later(task: () => Promise<unknown>, what: string, context: Record<string, unknown> = {}): void {
      const tracked: Promise<void> = task()
        .then(() => undefined)
        .catch((err: unknown) => logger.error({ err, ...context }, `could not send the ${what} mail`))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },

    /** Waits until every queued mail has been handed to the mailer, and the mailer has delivered it or failed a try. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
      await mailer?.idle();
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
