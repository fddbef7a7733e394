import { z } from "zod";

/** The largest amount the shop takes anywhere (a price, a discount, a threshold), in the major unit. */
export const MAX_AMOUNT = 10_000_000;

/** A money amount in the major unit: at least 0, at most `max`, whole cents; the message names `what`. */
export const moneyAmount = (what: string, max = MAX_AMOUNT) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} can be at most ${max.toLocaleString("en-US")}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${what} can have at most two decimals`);
