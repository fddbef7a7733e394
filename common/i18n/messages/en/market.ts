/** Currencies as shoppers meet them: the switcher and its answers. */
export default {
  "market.currency.label": "Currency",
  "market.currency.choose": "Show prices in {currency}",
  "market.currency.unknown": "This shop does not sell in that currency.",
  "market.currency.codOff": "Cash on delivery is not available in {currency}: pay by card, or switch to {base}.",
};
