import { type RateDecision, type RateLimitStore, emailKey } from "../lib/rate-limit";

/** Window of the failed-sign-in counters: a lock lasts at most this long. */
export const SIGN_IN_LOCK_SECONDS = 15 * 60;
/**
 * Failures of one e-mail address, from all addresses together, past which an address that has
 * already failed for it gets no further guess this window (a distributed guesser gets one guess
 * per address, while the owner, from an address that has not failed, still signs in).
 */
export const ACCOUNT_FAILURES_FACTOR = 4;

/**
 * The rule for failed password sign-ins, in one place. Failures count per (e-mail, client address):
 * `perPair` of them lock that pair out for the window, so a guesser cannot lock the account's owner
 * out from somewhere else. Failures also count per e-mail: past `perPair × ACCOUNT_FAILURES_FACTOR`
 * every address that has failed for it is refused. All counters live in the shared rate-limit store.
 */
export function createSignInLock(rateLimits: RateLimitStore, perPair: number) {
  const pairKey = (email: string, ip: string) => emailKey(`sign-in-from:${ip}`, email);
  const accountKey = (email: string) => emailKey("sign-in", email);
  const rule = (max: number) => ({ window: SIGN_IN_LOCK_SECONDS, max });

  return {
    /** Whether `ip` may try a password for `email` now; a refusal says how long to wait and why. */
    async check(email: string, ip: string): Promise<RateDecision & { reason?: "pair" | "account" }> {
      const pair = await rateLimits.check(pairKey(email, ip), rule(perPair));
      if (!pair.allowed) return { ...pair, reason: "pair" };
      const account = await rateLimits.check(accountKey(email), rule(perPair * ACCOUNT_FAILURES_FACTOR));
      if (account.allowed) return account;
      const hasFailed = !(await rateLimits.check(pairKey(email, ip), rule(1))).allowed;
      return hasFailed ? { ...account, reason: "account" } : { allowed: true, retryAfter: null };
    },

    /**
     * Counts a wrong password; `locked` says this failure locked the pair or finds the account
     * past its threshold (the caller mails the owner, at most once per window).
     */
    async recordFailure(email: string, ip: string): Promise<{ locked: boolean }> {
      // `check` refuses at `max` failures, so a consume with `max - 1` is refused from the failure
      // that starts the lock on.
      const account = await rateLimits.consume(accountKey(email), rule(perPair * ACCOUNT_FAILURES_FACTOR - 1));
      const pair = await rateLimits.consume(pairKey(email, ip), rule(perPair - 1));
      return { locked: !pair.allowed || !account.allowed };
    },

    /** A right password clears that address's failures for the account. */
    async recordSuccess(email: string, ip: string): Promise<void> {
      await rateLimits.reset(pairKey(email, ip));
    },
  };
}
