import type { Translation } from "../translation";
import type en from "../en/reminders";

export default {
  "reminders.consent": "M’envoyer un rappel par e-mail si je laisse mon panier",
  "reminders.consentHint": "Deux e-mails au plus, chacun avec un lien pour les arrêter.",
  "reminders.stopped.title": "Plus de rappels de panier",
  "reminders.stopped.text": "Nous ne vous écrirons plus au sujet de votre panier.",
  "reminders.invalid.title": "Ce lien ne fonctionne pas",
  "reminders.invalid.text": "Il est peut-être incomplet. Copiez l’adresse entière depuis l’e-mail, ou écrivez-nous.",
  "reminders.continue": "Continuer mes achats",
} satisfies Translation<typeof en>;
