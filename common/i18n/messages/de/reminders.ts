import type { Translation } from "../translation";
import type en from "../en/reminders";

export default {
  "reminders.consent": "Erinnere mich per E-Mail, wenn ich meinen Warenkorb liegen lasse",
  "reminders.consentHint": "Höchstens zwei E-Mails, jede mit einem Link zum Abbestellen.",
  "reminders.stopped.title": "Keine Warenkorb-Erinnerungen mehr",
  "reminders.stopped.text": "Wir schreiben dir nicht mehr wegen deines Warenkorbs.",
  "reminders.invalid.title": "Dieser Link funktioniert nicht",
  "reminders.invalid.text": "Vielleicht ist er unvollständig. Kopiere die ganze Adresse aus der E-Mail oder schreib uns.",
  "reminders.continue": "Weiter einkaufen",
} satisfies Translation<typeof en>;
