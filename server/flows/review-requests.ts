import type { SiteSettings } from "#common/content/content.schema";
import { pathInLanguage } from "#common/i18n/languages";
import type { CatalogService } from "#modules/catalog";
import { type Mailer, reviewRequestMail } from "#modules/mail";
import type { DeliveredOrder, OrderPurchases } from "#modules/orders";
import type { ReviewsService } from "#modules/reviews";
import type { Db } from "../db/database";
import type { Logger } from "../lib/logger";

const DAY_MS = 24 * 60 * 60_000;
/**
 * How far back the look goes past the settings' days: an order delivered longer ago than that is
 * never asked (a shop switching the mails on does not mail its whole history; a worker down for a
 * day still catches up).
 */
const CATCH_UP_DAYS = 3;
/** Days the mailed links work (the reviews module's token says so too; the mail tells the buyer). */
const LINK_DAYS = 90;

export interface ReviewRequestDeps {
  db: Db;
  purchases: Pick<OrderPurchases, "deliveredBetween">;
  reviews: Pick<ReviewsService, "linkToken" | "requestedAmong" | "claimRequest" | "stopToken" | "stoppedAmong">;
  catalog: Pick<CatalogService, "listSummaries">;
  mailer: Pick<Mailer, "admit" | "enqueue">;
  settings: () => Promise<SiteSettings>;
  publicUrl: string;
  logger: Logger;
}

/**
 * The mail that asks a buyer to review what they received, `reviews.requestAfterDays` after their
 * order was delivered (0: never), unless the address asked for no more (the link under every
 * request, and its one-click unsubscribe): one mail per order, to the order's address, in its language,
 * with a signed link per product still sold (`/products/<slug>?review=<token>`, under the
 * language's prefix). Run by a scheduled job; `now` is the caller's, so tests move time. The
 * request's marker and the mail are stored in one transaction and the marker lets one caller
 * through, so retries and several instances send it once.
 */
export function createReviewRequests(deps: ReviewRequestDeps) {
  async function ask(order: DeliveredOrder, settings: SiteSettings, now: Date, stopped: boolean): Promise<boolean> {
    const summaries = await deps.catalog.listSummaries(
      order.lines.map((l) => l.productId),
      order.language,
    );
    const live = new Map(summaries.filter((p) => p.active).map((p) => [p.id, p]));
    const products = order.lines.flatMap((line) => {
      const product = live.get(line.productId);
      if (!product) return [];
      const token = deps.reviews.linkToken(line, order.email, now);
      const path = pathInLanguage(`/products/${encodeURIComponent(product.slug)}?review=${encodeURIComponent(token)}`, order.language);
      return [{ name: line.name, url: `${deps.publicUrl}${path}` }];
    });
    const stop = `${deps.publicUrl}/api/review-requests/${encodeURIComponent(deps.reviews.stopToken(order.email))}`;
    const mail =
      products.length && !stopped
        ? reviewRequestMail({
            to: order.email,
            name: order.name,
            siteName: settings.siteName,
            language: order.language,
            url: products[0]!.url,
            number: order.number,
            products,
            days: LINK_DAYS,
            stopUrl: `${deps.publicUrl}${pathInLanguage(`/review-requests/${encodeURIComponent(deps.reviews.stopToken(order.email))}`, order.language)}`,
            oneClickUrl: `${stop}/unsubscribe`,
          })
        : null;
    // Within the per-address limit for addresses not proved (asked before the transaction: SQLite has one connection).
    const admitted = mail ? await deps.mailer.admit(order.email, { verifiedRecipient: order.userId !== null }) : false;
    return deps.db.kysely.transaction().execute(async (trx) => {
      if (!(await deps.reviews.claimRequest(trx, order.orderId, now))) return false;
      if (mail && admitted) await deps.mailer.enqueue(mail, { fromName: settings.siteName, executor: trx });
      return Boolean(mail && admitted);
    });
  }

  return {
    /** Mails the buyers of orders delivered `requestAfterDays` ago (up to a few days more) who were not asked yet; how many mails went. */
    async sendDue(now = new Date()): Promise<{ sent: number }> {
      const settings = await deps.settings();
      const days = settings.reviews.requestAfterDays;
      if (!days) return { sent: 0 };
      const to = new Date(now.getTime() - days * DAY_MS);
      const from = new Date(to.getTime() - CATCH_UP_DAYS * DAY_MS);
      let sent = 0;
      for await (const batch of deps.purchases.deliveredBetween(from, to)) {
        const asked = await deps.reviews.requestedAmong(batch.map((o) => o.orderId));
        const stopped = await deps.reviews.stoppedAmong(batch.map((o) => o.email));
        for (const order of batch) {
          if (asked.has(order.orderId)) continue;
          try {
            if (await ask(order, settings, now, stopped.has(order.email.trim().toLowerCase()))) sent += 1;
          } catch (err) {
            deps.logger.error({ err, orderId: order.orderId }, "could not mail the review request of an order");
          }
        }
      }
      return { sent };
    },
  };
}

export type ReviewRequests = ReturnType<typeof createReviewRequests>;
