import type en from "../en/errors";
import type { Translation } from "../translation";

export default {
  // Sign-in, account and profile (server/auth, server/flows/delete-customer.ts, the profile form's upload)
  "errors.account.nameMissing": "Bitte gib deinen Namen ein.",
  "errors.account.imageNotWebAddress": "Das Bild muss eine Webadresse sein, die mit http:// oder https:// beginnt.",
  "errors.account.signInFirst": "Bitte melde dich zuerst an.",
  "errors.account.deleteLinkUsed": "Dieser Link ist abgelaufen oder wurde schon benutzt. Fordere in deinem Profil einen neuen an.",
  "errors.account.deletePasswordMissing": "Bitte gib dein Passwort ein, um dein Konto zu löschen.",
  "errors.account.deletePasswordField": "Gib dein Passwort ein",
  "errors.account.deleteWrongPassword": "Das Passwort stimmt nicht: Dein Konto wurde nicht gelöscht.",
  "errors.account.deleteWrongPasswordField": "Das ist nicht dein Passwort",
  "errors.account.formUnreadable": "Das Formular konnte nicht gelesen werden. Bitte versuche es noch einmal.",
  "errors.account.formInvalid": "Das Formular konnte nicht gelesen werden. Bitte versuche es noch einmal.",
} satisfies Translation<typeof en>;
