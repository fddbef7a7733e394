import type { Env } from "../../env";
import type { Logger } from "../../logger";
import type { PaymentsService } from "./payments.types";

/** PLACEHOLDER until card payments land (issue 4): no Stripe keys, so cash on delivery only. */
export function createPaymentsService(_env: Env, _logger: Logger): PaymentsService {
  return {
    cardPayments: false,
    publishableKey: null,
    async createIntent() {
      throw new Error("card payments are not configured");
    },
    parseWebhook() {
      throw new Error("card payments are not configured");
    },
  };
}
