import type { Translation } from "../translation";
import type en from "../en/shop";

export default {
  "shop.settings.failed": "Die Shop-Einstellungen konnten nicht geladen werden",
  "shop.error.status": "Fehler {status}",
  "shop.error.title": "Da ist etwas schiefgelaufen",
  "shop.error.notFoundTitle": "Seite nicht gefunden",
  "shop.error.notFoundText": "Diese Seite gibt es leider nicht.",
  "shop.error.shopDownText": "Der Shop hat gerade technische Probleme. Bitte versuche es gleich noch einmal.",
  "shop.error.backToShop": "Zurück zum Shop",
  "shop.language.label": "Sprache",
  "shop.language.suggest": "Diese Seite gibt es auch auf Deutsch.",
  "shop.language.suggestSwitch": "Auf Deutsch ansehen",
  "shop.language.suggestDismiss": "Hier bleiben",
} satisfies Translation<typeof en>;
