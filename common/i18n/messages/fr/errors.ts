import type en from "../en/errors";
import type { Translation } from "../translation";

export default {
  // Sign-in, account and profile (server/auth, server/flows/delete-customer.ts, the profile form's upload)
  "errors.account.nameMissing": "Veuillez saisir votre nom.",
  "errors.account.imageNotWebAddress": "L’image doit être une adresse web commençant par http:// ou https://.",
  "errors.account.signInFirst": "Veuillez d’abord vous connecter.",
  "errors.account.deleteLinkUsed": "Ce lien a expiré ou a déjà été utilisé. Demandez-en un nouveau depuis votre profil.",
  "errors.account.deletePasswordMissing": "Veuillez saisir votre mot de passe pour supprimer votre compte.",
  "errors.account.deletePasswordField": "Saisissez votre mot de passe",
  "errors.account.deleteWrongPassword": "Ce mot de passe est incorrect : votre compte n’a pas été supprimé.",
  "errors.account.deleteWrongPasswordField": "Ce n’est pas votre mot de passe",
  "errors.account.formUnreadable": "Le formulaire n’a pas pu être lu. Veuillez réessayer.",
  "errors.account.formInvalid": "Le formulaire n’a pas pu être lu. Veuillez réessayer.",
} satisfies Translation<typeof en>;
