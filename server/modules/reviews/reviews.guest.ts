import { AppError } from "#common/errors";
import type { OrderPurchases, PurchasedLine } from "#modules/orders";
import type { SignedTokens } from "../../lib/signed-token";

/** Days a mailed review link works. */
export const REVIEW_LINK_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;
const PURPOSE = "review";

const REFUSED = "This review link is not valid. Please use the link from your e-mail as it is.";
const EXPIRED = "This review link has expired. Links from our e-mails work for 90 days after they are sent.";
const OTHER_PRODUCT = "This review link is for another product. Please use the link next to this product in your e-mail.";
const NOT_DELIVERED = "This order has not reached you yet, or it was returned, so its products cannot be reviewed.";

/** The address a link is tied to: the order's, in any case. */
const boundEmail = (email: string) => email.trim().toLowerCase();

/**
 * The review links mailed to buyers after delivery: a signed token (server/lib/signed-token.ts,
 * the shop's secret) naming the order line and its product, tied to the order's e-mail address
 * without carrying it, valid for 90 days. Checking one asks the orders module for the line, so a
 * link stops working when its order is no longer delivered (returned, say).
 */
export function createGuestLinks(deps: { tokens: SignedTokens; purchases: Pick<OrderPurchases, "getLine"> }) {
  return {
    /** The token of the link to review `line`'s product, sent to `email` at `now`. */
    tokenFor(line: { lineId: string; productId: string }, email: string, now: Date): string {
      return deps.tokens.sign(PURPOSE, { l: line.lineId, p: line.productId }, new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS), boundEmail(email));
    },

    /** The order line a token lets its holder review `productId` for, with its buyer; 403 with a sentence saying why not. */
    async check(token: unknown, productId: string, now: Date): Promise<PurchasedLine & { email: string }> {
      const claims = deps.tokens.peek<{ l?: unknown; p?: unknown }>(token);
      const line = claims && typeof claims.l === "string" ? await deps.purchases.getLine(claims.l) : null;
      if (!claims || !line) throw new AppError("forbidden", REFUSED);
      const checked = deps.tokens.verify<{ l: string; p: string }>(PURPOSE, token, boundEmail(line.email), now);
      if (!checked.ok) throw new AppError("forbidden", checked.reason === "expired" ? EXPIRED : REFUSED);
      if (checked.claims.p !== productId || line.productId !== productId) throw new AppError("forbidden", OTHER_PRODUCT);
      if (!line.delivered) throw new AppError("forbidden", NOT_DELIVERED);
      return { ...line, email: boundEmail(line.email) };
    },
  };
}
