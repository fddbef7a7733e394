import type { SiteSettings } from "#common/content/content.schema";
import type { JobInfo } from "#modules/jobs";
import type { Mailer } from "#modules/mail";
import { webhookDisabledMail } from "#modules/mail";
import type { Db } from "../../db/database";
import { toIso } from "../../db/database";
import type { Logger } from "../../lib/logger";
import { type NetworkPolicy, RefusedTarget, checkTarget, postTo } from "./webhooks.network";
import { clearFailing, disableFailingEndpoint, failUntried, getDelivery, getEndpoint, markFailing, recordAttempt } from "./webhooks.repo";
import { signature } from "./webhooks.signature";

/** What a delivery job carries: the delivery, and whether an admin asked for this try (a test ping, a redelivery). */
export interface DeliveryJob {
  deliveryId: string;
  manual?: boolean;
}

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  settings: () => Promise<Pick<SiteSettings, "siteName" | "contactEmail">>;
  logger: Logger;
  network: NetworkPolicy;
  /** The admin's webhooks screen, linked from the mail that says an endpoint was switched off. */
  screenUrl: string;
  adminEmail?: string;
  /** How long one try may take, the answer's body included. */
  timeoutMs: number;
  /** An endpoint whose every try has failed for this long is switched off. */
  disableAfterMs: number;
  now: () => Date;
  /** Called after the shop switched an endpoint off (the service's cache of endpoints drops it). */
  onDisabled: () => void;
}

const USER_AGENT = "Shop-Webhooks/1";

/** Why a try failed, in a line for the admin (the errors of node's HTTP client name their cause in `code`). */
function reasonOf(err: unknown): string {
  if (err instanceof RefusedTarget) return `Refused: ${err.message}`;
  const e = err as NodeJS.ErrnoException & { cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  const message = err instanceof Error ? err.message : String(err);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 500);
}

/**
 * One try of one delivery, the job's handler: signs the stored body anew (fresh timestamp, the
 * delivery's id as `webhook-id` on every try), checks the address again and POSTs it. A 2xx is
 * delivered; anything else counts a failure, throws so the job queue tries again after its
 * backoff, and on the last try leaves the delivery failed. Every try's headers and the start of
 * the answer are kept. An endpoint whose tries have all failed for `disableAfterMs` is switched
 * off, once, and the shop's contact address is told.
 */
export function createDeliverer(deps: DeliveryDeps) {
  const k = deps.db.kysely;

  /** Switches the endpoint off when its tries have all failed for long enough, and tells the shop; whether it did. */
  async function switchOffIfFailingLong(endpointId: string, url: string): Promise<boolean> {
    const at = deps.now();
    const cutoff = new Date(at.getTime() - deps.disableAfterMs).toISOString();
    const days = Math.round(deps.disableAfterMs / 86_400_000);
    const reason = `every try failed for ${days >= 1 ? `${days} day${days === 1 ? "" : "s"}` : `${Math.round(deps.disableAfterMs / 60_000)} minutes`}.`;
    if (!(await disableFailingEndpoint(k, endpointId, cutoff, reason, at.toISOString()))) return false;
    deps.onDisabled();
    const endpoint = await getEndpoint(k, endpointId);
    deps.logger.warn({ endpointId, url }, "switched off a webhook endpoint that kept failing");
    const settings = await deps.settings();
    const to = settings.contactEmail || deps.adminEmail;
    if (!to) return true;
    await deps.mailer.send(
      webhookDisabledMail({
        to,
        siteName: settings.siteName,
        url: deps.screenUrl,
        endpointUrl: url,
        failingSince: toIso(endpoint?.failing_since) ?? at.toISOString(),
        reason,
      }),
      { fromName: settings.siteName, verifiedRecipient: true },
    );
    return true;
  }

  return async function deliver(job: DeliveryJob, info: JobInfo): Promise<void> {
    const delivery = await getDelivery(k, job.deliveryId);
    // Deleted with its endpoint, or delivered by a redelivery meanwhile.
    if (!delivery || (delivery.status === "delivered" && !job.manual)) return;
    const endpoint = await getEndpoint(k, delivery.endpoint_id);
    if (!endpoint) return;
    const last = info.attempt >= info.maxAttempts;
    const at = deps.now();
    if (!endpoint.active && !job.manual) {
      await failUntried(k, delivery.id, "The endpoint is switched off.", at.toISOString());
      return;
    }
    const timestamp = Math.floor(at.getTime() / 1000);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      "webhook-id": delivery.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signature(endpoint.secret, delivery.id, timestamp, delivery.request_body),
    };
    let answer: { status: number; body: string } | null = null;
    let error: string | null = null;
    try {
      answer = await postTo(await checkTarget(endpoint.url, deps.network), headers, delivery.request_body, deps.timeoutMs);
    } catch (err) {
      error = reasonOf(err);
    }
    const ok = answer !== null && answer.status >= 200 && answer.status < 300;
    if (!ok && answer) error = `The endpoint answered ${answer.status}.`;
    let switchedOff = false;
    if (ok) await clearFailing(k, endpoint.id);
    else {
      await markFailing(k, endpoint.id, at.toISOString());
      switchedOff = await switchOffIfFailingLong(endpoint.id, endpoint.url);
    }
    const done = deps.now().toISOString();
    await recordAttempt(k, delivery.id, {
      status: ok ? "delivered" : last || switchedOff ? "failed" : "pending",
      request_headers: JSON.stringify(headers),
      response_status: answer?.status ?? null,
      response_body: answer?.body ?? null,
      error: ok ? null : switchedOff ? `${error} The endpoint was switched off.` : error,
      last_attempt_at: done,
      delivered_at: ok ? done : null,
    });
    // The queue tries again after its backoff; the last try (or the one that switched the endpoint off) ends here, its delivery failed.
    if (!ok && !last && !switchedOff) throw new Error(error ?? "The delivery failed.");
  };
}
