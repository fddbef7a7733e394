import type { Translation } from "../translation";
import type en from "../en/errors";

export default {
  "errors.form.checkFields": "Revisa los campos marcados.",
  "errors.contact.nameRequired": "Escribe tu nombre",
  "errors.contact.nameTooLong": "El nombre es demasiado largo",
  "errors.contact.emailInvalid": "Introduce un correo electrónico válido",
  "errors.contact.subjectTooLong": "El asunto es demasiado largo",
  "errors.contact.messageTooShort": "Escribe al menos 10 caracteres",
  "errors.contact.messageTooLong": "El mensaje es demasiado largo (5000 caracteres como máximo)",
} satisfies Translation<typeof en>;
