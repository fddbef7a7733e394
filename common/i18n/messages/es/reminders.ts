import type { Translation } from "../translation";
import type en from "../en/reminders";

export default {
  "reminders.consent": "Envíame un recordatorio si dejo mi carrito",
  "reminders.consentHint": "Como mucho dos correos, cada uno con un enlace para no recibir más.",
  "reminders.stopped.title": "No más recordatorios del carrito",
  "reminders.stopped.text": "No volveremos a escribirte sobre tu carrito.",
  "reminders.invalid.title": "Este enlace no funciona",
  "reminders.invalid.text": "Puede que esté incompleto. Copia la dirección completa del correo o escríbenos.",
  "reminders.continue": "Seguir comprando",
} satisfies Translation<typeof en>;
