import type { Translation } from "../translation";
import type en from "../en/errors";

export default {
  "errors.form.checkFields": "Merci de vérifier les champs signalés.",
  "errors.contact.nameRequired": "Veuillez indiquer votre nom",
  "errors.contact.nameTooLong": "Le nom est trop long",
  "errors.contact.emailInvalid": "Veuillez saisir une adresse e-mail valide",
  "errors.contact.subjectTooLong": "L’objet est trop long",
  "errors.contact.messageTooShort": "Veuillez écrire au moins 10 caractères",
  "errors.contact.messageTooLong": "Le message est trop long (5000 caractères maximum)",
} satisfies Translation<typeof en>;
