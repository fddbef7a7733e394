import type en from "../en/market";
import type { Translation } from "../translation";

export default {
  "market.currency.label": "Devise",
  "market.currency.choose": "Afficher les prix en {currency}",
  "market.currency.unknown": "La boutique ne vend pas dans cette devise.",
  "market.currency.codOff": "Le paiement à la livraison n’est pas possible en {currency} : payez par carte ou passez en {base}.",
} satisfies Translation<typeof en>;
