import type { Db } from "../../db/database";
import { AppError } from "#common/errors";
import { type RateDecision, type RateLimitStore, emailKey, personalKey, waitText } from "../../lib/rate-limit";
import { getReplayAndOpenOrders } from "./order-limits.repo";
import type { PlacementParty } from "./orders.types";

/** A limit of the rate-limit store: at most `max` per `window` seconds. */
export interface RateRule {
  max: number;
  window: number;
}

/** How many orders may be placed per window from one IP address, by one shopper, and for one contact e-mail or phone. */
export interface OrderRateRules {
  perIp: RateRule;
  perShopper: RateRule;
  perContact: RateRule;
}

/** The e-mail address as the limits compare it: trimmed and lower-case. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The phone number as the limits compare it: its digits only ("+1 (555) 010-0142" → "15550100142"). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

/**
 * The limits on placing orders, in one place for the API and the checkout page (both go through
 * the place-order flow): attempts per IP, per shopper and per contact e-mail and phone in the
 * shared rate-limit store, and a cap on a contact's orders still waiting (pending cash on
 * delivery, unpaid card orders), read from the orders table this module owns.
 */
export function createOrderLimits(deps: { db: Db; rateLimits: RateLimitStore; rules: OrderRateRules }) {
  const k = deps.db.kysely;

  function keysOf(party: PlacementParty): Array<{ key: string; rule: RateRule; message: (wait: string) => string }> {
    const keys = [
      {
        key: `order:shopper:${party.owner}`,
        rule: deps.rules.perShopper,
        message: (wait: string) => `You have placed several orders in a short time. Please try again in ${wait}.`,
      },
      {
        key: emailKey("order", party.email),
        rule: deps.rules.perContact,
        message: (wait: string) => `Too many orders for this e-mail address in a short time. Please try again in ${wait}.`,
      },
    ];
    const digits = phoneDigits(party.phone);
    if (digits)
      keys.push({
        key: personalKey("phone:order", digits),
        rule: deps.rules.perContact,
        message: (wait: string) => `Too many orders for this phone number in a short time. Please try again in ${wait}.`,
      });
    if (party.ip)
      keys.unshift({
        key: `order:ip:${party.ip}`,
        rule: deps.rules.perIp,
        message: (wait: string) => `Too many orders from your network in a short time. Please try again in ${wait}.`,
      });
    return keys;
  }

  /** The refusal for the limit that frees up last (so trying again after Retry-After can succeed). */
  function refusal(over: Array<{ retryAfter: number; message: (wait: string) => string }>): AppError {
    const last = over.reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a));
    return new AppError("rate_limited", last.message(waitText(last.retryAfter)), undefined, last.retryAfter);
  }

  /** The order an idempotency key made (null: none) and the contact's orders still waiting. */
  async function readOrders(idempotencyKey: string | null, email: string, phone: string): Promise<{ replayId: string | null; open: number }> {
    const digits = phoneDigits(phone);
    return getReplayAndOpenOrders(k, { email: normalEmail(email), digits: digits || undefined, idempotencyKey: idempotencyKey ?? undefined });
  }

  return {
    /**
     * Lets an order attempt through to placement or throws: rate_limited (429, with retryAfter) when
     * the IP, the shopper or the contact used up a limit, conflict (409) when the contact already has
     * `maxOpen` orders waiting. Only an attempt let through is counted, so refused attempts and
     * invalid forms (rejected before this) use up nothing; concurrent attempts are counted atomically.
     * An idempotency key (already `<owner>:<key>`) that made an order before answers that order's id
     * instead, whatever the limits say, and counts nothing (a replay is the same attempt).
     * `alsoCount` are other limits an admitted attempt uses (the confirmation mail's recipient):
     * counted with the order's, never refusing it; their decisions come back in order.
     *
     * The attempt is counted while the orders are read (two round trips at once, instead of a check
     * and the orders' read, then the count): an attempt the counts or the orders' read refuse, or a
     * replay, is given back with one more statement, a path taken rarely.
     */
    async admit(
      party: PlacementParty,
      maxOpen: number,
      idempotencyKey: string | null = null,
      alsoCount: ReadonlyArray<{ key: string; rule: RateRule }> = [],
    ): Promise<{ replayId: string } | { replayId: null; counted: RateDecision[] }> {
      const keys = keysOf(party);
      const entries = [...keys, ...alsoCount];
      const [counted, orders] = await Promise.all([deps.rateLimits.consumeAll(entries), readOrders(idempotencyKey, party.email, party.phone)]);
      const giveBack = () => deps.rateLimits.uncountAll(entries.map((e) => e.key));
      if (orders.replayId) {
        await giveBack();
        return { replayId: orders.replayId };
      }
      const over = keys.flatMap((c, i) => (counted[i]!.allowed ? [] : [{ retryAfter: counted[i]!.retryAfter!, message: c.message }]));
      if (over.length) {
        await giveBack();
        throw refusal(over);
      }
      const open = orders.open;
      if (open >= maxOpen) {
        await giveBack();
        throw new AppError(
          "conflict",
          `You already have ${open} ${open === 1 ? "order" : "orders"} waiting for this e-mail address or phone number. Please wait until one is delivered, or cancel one you no longer need, before placing another.`,
        );
      }
      return { replayId: null, counted: counted.slice(keys.length) };
    },
  };
}

export type OrderLimits = ReturnType<typeof createOrderLimits>;
