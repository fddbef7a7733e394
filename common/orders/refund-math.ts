// Pure (the admin's refund dialog computes its total with it too).

/**
 * What refunding `units` more of a line gives back, in minor units: what the units refunded so far
 * and these come to, minus what was given back already. The last units take exactly what is left
 * of the line's total, so no cent is lost or given twice to rounding.
 */
export function lineRefundAmount(line: { lineTotal: number; quantity: number; refundedQuantity: number; refundedAmount: number }, units: number): number {
  return Math.round((line.lineTotal * (line.refundedQuantity + units)) / line.quantity) - line.refundedAmount;
}
