import type en from "../en/market";
import type { Translation } from "../translation";

export default {
  "market.currency.label": "Währung",
  "market.currency.choose": "Preise in {currency} anzeigen",
  "market.currency.unknown": "In dieser Währung verkauft der Shop nicht.",
  "market.currency.codOff": "Nachnahme ist in {currency} nicht möglich: Zahle per Karte oder wechsle zu {base}.",
} satisfies Translation<typeof en>;
