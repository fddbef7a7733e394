import type en from "../en/errors";
import type { Translation } from "../translation";

export default {
  // Sign-in, account and profile (server/auth, server/flows/delete-customer.ts, the profile form's upload)
  "errors.account.nameMissing": "Escribe tu nombre.",
  "errors.account.imageNotWebAddress": "La imagen debe ser una dirección web que empiece por http:// o https://.",
  "errors.account.signInFirst": "Inicia sesión primero.",
  "errors.account.deleteLinkUsed": "Este enlace ha caducado o ya se ha usado. Pide uno nuevo desde tu perfil.",
  "errors.account.deletePasswordMissing": "Escribe tu contraseña para eliminar tu cuenta.",
  "errors.account.deletePasswordField": "Escribe tu contraseña",
  "errors.account.deleteWrongPassword": "Esa contraseña no es correcta: tu cuenta no se ha eliminado.",
  "errors.account.deleteWrongPasswordField": "Esta no es tu contraseña",
  "errors.account.formUnreadable": "No hemos podido leer el formulario. Vuelve a intentarlo.",
  "errors.account.formInvalid": "No hemos podido leer el formulario. Vuelve a intentarlo.",
} satisfies Translation<typeof en>;
