// The statuses of a return, pure (the storefront and the admin screens import it too).

/** requested → approved | refused; approved → received (the units go back on sale). */
export const RETURN_STATUSES = ["requested", "approved", "refused", "received"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** How each status reads, for the customer and the operators alike. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  refused: "Refused",
  received: "Received",
};

/** Narrows a stored or submitted string to a return status. */
export function isReturnStatus(value: unknown): value is ReturnStatus {
  return typeof value === "string" && (RETURN_STATUSES as readonly string[]).includes(value);
}
