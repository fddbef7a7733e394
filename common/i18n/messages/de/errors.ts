import type { Translation } from "../translation";
import type en from "../en/errors";

export default {
  "errors.form.checkFields": "Bitte prüfe die markierten Felder.",
  "errors.contact.nameRequired": "Bitte gib deinen Namen ein",
  "errors.contact.nameTooLong": "Der Name ist zu lang",
  "errors.contact.emailInvalid": "Bitte gib eine gültige E-Mail-Adresse ein",
  "errors.contact.subjectTooLong": "Der Betreff ist zu lang",
  "errors.contact.messageTooShort": "Bitte schreib mindestens 10 Zeichen",
  "errors.contact.messageTooLong": "Die Nachricht ist zu lang (höchstens 5000 Zeichen)",
} satisfies Translation<typeof en>;
