import type en from "../en/market";
import type { Translation } from "../translation";

export default {
  "market.currency.label": "Moneda",
  "market.currency.choose": "Ver los precios en {currency}",
  "market.currency.unknown": "La tienda no vende en esa moneda.",
  "market.currency.codOff": "El pago contra reembolso no está disponible en {currency}: paga con tarjeta o cambia a {base}.",
} satisfies Translation<typeof en>;
