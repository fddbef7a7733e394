import type { Translation } from "../translation";
import type en from "../en/shop";

export default {
  "shop.settings.failed": "Impossible de charger les paramètres de la boutique",
  "shop.error.status": "Erreur {status}",
  "shop.error.title": "Un problème est survenu",
  "shop.error.notFoundTitle": "Page introuvable",
  "shop.error.notFoundText": "Nous n’avons pas trouvé cette page.",
  "shop.error.shopDownText": "La boutique rencontre un problème. Merci de réessayer dans un instant.",
  "shop.error.backToShop": "Retour à la boutique",
  "shop.language.label": "Langue",
  "shop.language.suggest": "Cette page existe aussi en français.",
  "shop.language.suggestSwitch": "Voir en français",
  "shop.language.suggestDismiss": "Rester ici",
} satisfies Translation<typeof en>;
