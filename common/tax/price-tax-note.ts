/**
 * What a price says about tax, from the shop's tax settings: "included" (prices include it, EU
 * style), "added" (it is added at checkout, US style), or null for a shop with no tax regions,
 * whose prices say nothing about tax.
 */
export function priceTaxNote(taxes: { pricesIncludeTax: boolean; regions: readonly unknown[] } | undefined): "included" | "added" | null {
  if (!taxes || taxes.regions.length === 0) return null;
  return taxes.pricesIncludeTax ? "included" : "added";
}
