import type { Translation } from "../translation";
import type en from "../en/shop";

export default {
  "shop.settings.failed": "No se han podido cargar los ajustes de la tienda",
  "shop.error.status": "Error {status}",
  "shop.error.title": "Algo ha fallado",
  "shop.error.notFoundTitle": "Página no encontrada",
  "shop.error.notFoundText": "No hemos encontrado esta página.",
  "shop.error.shopDownText": "La tienda tiene problemas en este momento. Vuelve a intentarlo en unos instantes.",
  "shop.error.backToShop": "Volver a la tienda",
  "shop.language.label": "Idioma",
  "shop.language.suggest": "Esta página también está disponible en español.",
  "shop.language.suggestSwitch": "Ver en español",
  "shop.language.suggestDismiss": "Quedarme aquí",
} satisfies Translation<typeof en>;
