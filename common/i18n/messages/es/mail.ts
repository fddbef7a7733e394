import type { Translation } from "../translation";
import type en from "../en/mail";

export default {
  "mail.greeting": "Hola, {name}:",
  "mail.greetingNoName": "Hola:",
  "mail.copyLink": "Si el botón no funciona, copia esta dirección en tu navegador:",
  "mail.signMeIn": "Iniciar sesión",
  "mail.viewOrder": "Ver tu pedido",
  "mail.orderFooter": "Recibes este correo porque has hecho un pedido en nuestra tienda.",
  "mail.reason": "Motivo: {reason}",

  "mail.verify.subject": "Confirma tu dirección de correo para {siteName}",
  "mail.verify.heading": "Confirma tu dirección de correo",
  "mail.verify.body":
    "Gracias por crear una cuenta en {siteName}. Confirma que esta dirección es tuya: el enlace inicia tu sesión y es válido durante una hora.",
  "mail.verify.action": "Confirmar mi correo",
  "mail.verify.footer": "Si no has creado ninguna cuenta, puedes ignorar este correo: no pasará nada si no haces clic en el enlace.",

  "mail.magicLink.subject": "Tu enlace de acceso a {siteName}",
  "mail.magicLink.heading": "Inicia sesión con un clic",
  "mail.magicLink.body":
    "Aquí tienes el enlace que has pedido. Inicia tu sesión en {siteName}, funciona una sola vez y caduca en {minutes, plural, one {# minuto} other {# minutos}}.",
  "mail.magicLink.footer": "Si no has pedido este enlace, puedes ignorar este correo: nadie puede iniciar sesión sin él.",

  "mail.signInLocked.subject": "Intentos fallidos de inicio de sesión en tu cuenta de {siteName}",
  "mail.signInLocked.heading": "Alguien ha fallado varias veces al iniciar sesión",
  "mail.signInLocked.body":
    "Alguien ha intentado varias veces iniciar sesión en tu cuenta de {siteName} con una contraseña incorrecta. Por tu seguridad, hemos pausado el inicio de sesión con contraseña desde su dirección durante {lockMinutes, plural, one {# minuto} other {# minutos}}; tú puedes seguir iniciando sesión desde tus propios dispositivos.",
  "mail.signInLocked.link":
    "Si has sido tú, este enlace inicia tu sesión sin contraseña. Funciona una sola vez y caduca en {minutes, plural, one {# minuto} other {# minutos}}.",
  "mail.signInLocked.footer":
    "Si no has sido tú, tu cuenta está a salvo: nadie puede iniciar sesión sin tu contraseña o este enlace. Una contraseña larga que no uses en ningún otro sitio la mantiene así.",

  "mail.reset.subject": "Restablece tu contraseña de {siteName}",
  "mail.reset.heading": "Elige una contraseña nueva",
  "mail.reset.body":
    "Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. El enlace es válido durante una hora; tras el cambio, se cerrará la sesión en todos tus demás dispositivos.",
  "mail.reset.action": "Elegir una contraseña nueva",
  "mail.reset.footer": "Si no has pedido una contraseña nueva, puedes ignorar este correo: tu contraseña seguirá igual.",

  "mail.existingAccount.subject": "Ya tienes una cuenta en {siteName}",
  "mail.existingAccount.heading": "Ya tienes una cuenta",
  "mail.existingAccount.body":
    "Alguien (esperamos que tú) ha intentado crear una cuenta nueva en {siteName} con esta dirección de correo. Ya tienes una, así que no se ha cambiado nada.",
  "mail.existingAccount.action": "Iniciar sesión",
  "mail.existingAccount.reset": "¿Has olvidado tu contraseña? Elige una nueva",
  "mail.existingAccount.footer": "Si no has sido tú, puedes ignorar este correo: tu cuenta y tu contraseña siguen igual.",

  "mail.deleteAccount.subject": "Confirma que quieres eliminar tu cuenta de {siteName}",
  "mail.deleteAccount.heading": "¿Eliminar tu cuenta?",
  "mail.deleteAccount.body":
    "Has pedido eliminar tu cuenta. El enlace de abajo te lo preguntará una vez más y después eliminará para siempre tu cuenta, tu libreta de direcciones, tu cesta y tu lista de deseos. Tus pedidos se quedan en nuestros registros sin tu nombre, correo, teléfono ni dirección.",
  "mail.deleteAccount.validity": "El enlace es válido durante una hora.",
  "mail.deleteAccount.action": "Eliminar mi cuenta",
  "mail.deleteAccount.footer": "Si no lo has pedido tú, ignora este correo: no se elimina nada sin un clic en el enlace.",

  "mail.order.subject": "Tu pedido {number} en {siteName}",
  "mail.order.heading": "Gracias por tu pedido {number}",
  "mail.order.received": "Hemos recibido tu pedido y te avisaremos en cuanto esté en camino.",
  "mail.order.subtotal": "Subtotal",
  "mail.order.shipping": "Envío ({method})",
  "mail.order.total": "Total",
  "mail.order.saved": "Te has ahorrado {amount} sobre los precios de catálogo: los precios de arriba ya lo incluyen.",
  "mail.order.deliveryTo": "Entrega en: {address}",
  "mail.order.payment": "Pago: {method}",
  "mail.order.paymentCod": "Contra reembolso",
  "mail.order.paymentCard": "Tarjeta",
  "mail.order.company": "Empresa: {company}",
  "mail.order.vatNumber": "NIF-IVA: {number}",
  "mail.order.footer": "Guarda este correo: su enlace muestra tu pedido y su estado en cualquier momento, con o sin cuenta.",

  "mail.orderStatus.subject": "Tu pedido {number} en {siteName}: {status}",
  "mail.orderStatus.pending": "Pendiente",
  "mail.orderStatus.processing": "En preparación",
  "mail.orderStatus.shipped": "Enviado",
  "mail.orderStatus.delivered": "Entregado",
  "mail.orderStatus.completed": "Completado",
  "mail.orderStatus.cancelled": "Cancelado",
  "mail.orderStatus.pendingHeadline": "Hemos recibido tu pedido",
  "mail.orderStatus.processingHeadline": "Estamos preparando tu pedido",
  "mail.orderStatus.shippedHeadline": "Tu pedido está en camino",
  "mail.orderStatus.deliveredHeadline": "Tu pedido ha sido entregado",
  "mail.orderStatus.completedHeadline": "Tu pedido está completado",
  "mail.orderStatus.cancelledHeadline": "Tu pedido ha sido cancelado",
  "mail.orderStatus.now": "El estado de tu pedido {number} es ahora: {status}.",
  "mail.orderStatus.shippedDetail": "Hemos enviado tu pedido {number}.",
  "mail.orderStatus.shippedWith": "Hemos enviado tu pedido {number} con {courier}.",
  "mail.orderStatus.trackingNumber": "Número de seguimiento: {trackingNumber}.",
  "mail.orderStatus.cancelledDetail": "Tu pedido {number} ha sido cancelado.",
  "mail.orderStatus.cardRefunded": "Te hemos devuelto el pago con tarjeta: encontrarás los detalles en otro correo.",
  "mail.orderStatus.cardToRefund": "Te devolveremos el pago con tarjeta.",
  "mail.orderStatus.track": "Seguir tu paquete",

  "mail.afterSale.subject": "Tu pedido {number} en {siteName}: {subject}",
  "mail.return.requestedSubject": "devolución solicitada",
  "mail.return.requestedHeadline": "Hemos recibido tu solicitud de devolución",
  "mail.return.requestedBody": "Hemos recibido tu solicitud para devolver artículos del pedido {number}. Te avisaremos en cuanto la hayamos revisado.",
  "mail.return.approvedSubject": "devolución aprobada",
  "mail.return.approvedHeadline": "Tu devolución está aprobada",
  "mail.return.approvedBody": "Tu devolución del pedido {number} está aprobada. Envíanos los artículos de abajo; te los reembolsaremos en cuanto lleguen.",
  "mail.return.refusedSubject": "devolución rechazada",
  "mail.return.refusedHeadline": "No podemos aceptar tu devolución",
  "mail.return.refusedBody": "Lo sentimos: no podemos aceptar la devolución que has pedido del pedido {number}.",
  "mail.return.receivedSubject": "devolución recibida",
  "mail.return.receivedHeadline": "Hemos recibido tu devolución",
  "mail.return.receivedBody": "Los artículos que nos has devuelto del pedido {number} han llegado. Tu reembolso llegará en breve, si no lo ha hecho ya.",
  "mail.refund.subject": "reembolso",
  "mail.refund.headline": "Te hemos reembolsado {amount}",
  "mail.refund.toCard":
    "Te hemos reembolsado {amount} de tu pedido {number} en la tarjeta con la que pagaste. Suele aparecer en tu extracto en un plazo de 5 a 10 días.",
  "mail.refund.body": "Te hemos reembolsado {amount} de tu pedido {number}.",
  "mail.refund.inAll": "En total, se han reembolsado {refunded} de los {total} del pedido.",
  "mail.refund.item": "artículo",
  "mail.refund.shipping": "Envío",
  "mail.refund.other": "Otro importe",
  "mail.refund.refunded": "Reembolsado",

  "mail.orderMessage.subject": "Un mensaje sobre tu pedido {number} en {siteName}",
  "mail.orderMessage.heading": "Sobre tu pedido {number}",

  "mail.contactReply.subject": "RE: {subject}",
  "mail.contactReply.subjectNone": "RE: Tu mensaje a {siteName}",
  "mail.contactReply.headingNone": "Sobre tu mensaje a {siteName}",
  "mail.contactReply.youWrote": "El {date} escribiste:",
  "mail.contactReply.action": "Escríbenos de nuevo",
  "mail.contactReply.footer": "Recibes este correo porque escribiste a {siteName} a través de su formulario de contacto.",

  // A gift card for its recipient (server/modules/giftcards)
  "mail.giftCard.subject": "Una tarjeta regalo de {siteName} para ti",
  "mail.giftCard.subjectFrom": "{from} te ha regalado una tarjeta regalo de {siteName}",
  "mail.giftCard.heading": "Tu tarjeta regalo de {amount}",
  "mail.giftCard.body": "{siteName} te regala una tarjeta regalo por valor de {amount}.",
  "mail.giftCard.bodyFrom": "{from} te regala una tarjeta regalo de {siteName} por valor de {amount}.",
  "mail.giftCard.code": "Código",
  "mail.giftCard.amount": "Valor",
  "mail.giftCard.validUntil": "Válida hasta",
  "mail.giftCard.noExpiry": "Sin fecha de caducidad",
  "mail.giftCard.note": "Un mensaje para ti:",
  "mail.giftCard.howTo":
    "Introduce el código al finalizar la compra: su valor paga todo o parte de tu pedido, y el saldo restante se queda en la tarjeta para la próxima vez.",
  "mail.giftCard.action": "Comprar en {siteName}",
  "mail.giftCard.footer": "Guarda este código en un lugar seguro y no lo compartas: quien lo tenga puede usar la tarjeta.",
} satisfies Translation<typeof en>;
