import type { Translation } from "../translation";
import type en from "../en/mail";

export default {
  "mail.greeting": "Bonjour {name},",
  "mail.greetingNoName": "Bonjour,",
  "mail.copyLink": "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
  "mail.signMeIn": "Me connecter",
  "mail.viewOrder": "Voir votre commande",
  "mail.orderFooter": "Vous recevez cet e-mail parce que vous avez passé commande dans notre boutique.",
  "mail.reason": "Motif : {reason}",

  "mail.verify.subject": "Confirmez votre adresse e-mail pour {siteName}",
  "mail.verify.heading": "Confirmez votre adresse e-mail",
  "mail.verify.body":
    "Merci d’avoir créé un compte chez {siteName}. Veuillez confirmer que cette adresse est bien la vôtre : le lien vous connecte et reste valable une heure.",
  "mail.verify.action": "Confirmer mon adresse e-mail",
  "mail.verify.footer": "Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail : rien ne se passe sans un clic sur le lien.",

  "mail.magicLink.subject": "Votre lien de connexion à {siteName}",
  "mail.magicLink.heading": "Connectez-vous en un clic",
  "mail.magicLink.body":
    "Voici le lien que vous avez demandé. Il vous connecte à {siteName}, ne fonctionne qu’une seule fois et expire dans {minutes, plural, one {# minute} other {# minutes}}.",
  "mail.magicLink.footer": "Si vous n’avez pas demandé ce lien, vous pouvez ignorer cet e-mail : personne ne peut se connecter sans lui.",

  "mail.signInLocked.subject": "Échecs de connexion à votre compte {siteName}",
  "mail.signInLocked.heading": "Plusieurs tentatives de connexion ont échoué",
  "mail.signInLocked.body":
    "Quelqu’un a tenté plusieurs fois de se connecter à votre compte {siteName} avec un mot de passe erroné. Par sécurité, nous avons suspendu la connexion par mot de passe depuis son adresse pendant {lockMinutes, plural, one {# minute} other {# minutes}} ; vous pouvez toujours vous connecter depuis vos propres appareils.",
  "mail.signInLocked.link":
    "Si c’était vous, ce lien vous connecte sans mot de passe. Il ne fonctionne qu’une seule fois et expire dans {minutes, plural, one {# minute} other {# minutes}}.",
  "mail.signInLocked.footer":
    "Si ce n’était pas vous, votre compte est en sécurité : personne ne peut se connecter sans votre mot de passe ou ce lien. Un long mot de passe que vous n’utilisez nulle part ailleurs le garantit.",

  "mail.reset.subject": "Réinitialisez votre mot de passe {siteName}",
  "mail.reset.heading": "Choisissez un nouveau mot de passe",
  "mail.reset.body":
    "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Le lien est valable une heure ; après le changement, tous vos autres appareils sont déconnectés.",
  "mail.reset.action": "Choisir un nouveau mot de passe",
  "mail.reset.footer": "Si vous n’avez pas demandé de nouveau mot de passe, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.",

  "mail.existingAccount.subject": "Vous avez déjà un compte chez {siteName}",
  "mail.existingAccount.heading": "Vous avez déjà un compte",
  "mail.existingAccount.body":
    "Quelqu’un (vous, nous l’espérons) a tenté de créer un nouveau compte chez {siteName} avec cette adresse e-mail. Vous en avez déjà un : rien n’a donc été modifié.",
  "mail.existingAccount.action": "Se connecter",
  "mail.existingAccount.reset": "Mot de passe oublié ? Choisissez-en un nouveau",
  "mail.existingAccount.footer": "Si ce n’était pas vous, vous pouvez ignorer cet e-mail : votre compte et votre mot de passe sont inchangés.",

  "mail.deleteAccount.subject": "Confirmez la suppression de votre compte {siteName}",
  "mail.deleteAccount.heading": "Supprimer votre compte ?",
  "mail.deleteAccount.body":
    "Vous avez demandé la suppression de votre compte. Le lien ci-dessous vous le demande une dernière fois, puis supprime définitivement votre compte, votre carnet d’adresses, votre panier et votre liste de souhaits. Vos commandes restent dans nos registres, sans votre nom, votre e-mail, votre téléphone ni votre adresse.",
  "mail.deleteAccount.validity": "Le lien est valable une heure.",
  "mail.deleteAccount.action": "Supprimer mon compte",
  "mail.deleteAccount.footer": "Si vous n’avez rien demandé, ignorez cet e-mail : rien n’est supprimé sans un clic sur le lien.",

  "mail.order.subject": "Votre commande {number} chez {siteName}",
  "mail.order.heading": "Merci pour votre commande {number}",
  "mail.order.received": "Nous avons bien reçu votre commande et vous préviendrons dès qu’elle sera en route.",
  "mail.order.subtotal": "Sous-total",
  "mail.order.shipping": "Livraison ({method})",
  "mail.order.total": "Total",
  "mail.order.saved": "Vous économisez {amount} par rapport aux prix catalogue : les prix ci-dessus en tiennent déjà compte.",
  "mail.order.deliveryTo": "Livraison à : {address}",
  "mail.order.payment": "Paiement : {method}",
  "mail.order.paymentCod": "Paiement à la livraison",
  "mail.order.paymentCard": "Carte bancaire",
  "mail.order.company": "Société : {company}",
  "mail.order.vatNumber": "N° de TVA : {number}",
  "mail.order.footer": "Conservez cet e-mail : son lien affiche votre commande et son statut à tout moment, avec ou sans compte.",

  "mail.orderStatus.subject": "Votre commande {number} chez {siteName} : {status}",
  "mail.orderStatus.pending": "En attente",
  "mail.orderStatus.processing": "En préparation",
  "mail.orderStatus.shipped": "Expédiée",
  "mail.orderStatus.delivered": "Livrée",
  "mail.orderStatus.completed": "Terminée",
  "mail.orderStatus.cancelled": "Annulée",
  "mail.orderStatus.pendingHeadline": "Nous avons bien reçu votre commande",
  "mail.orderStatus.processingHeadline": "Nous préparons votre commande",
  "mail.orderStatus.shippedHeadline": "Votre commande est en route",
  "mail.orderStatus.deliveredHeadline": "Votre commande a été livrée",
  "mail.orderStatus.completedHeadline": "Votre commande est terminée",
  "mail.orderStatus.cancelledHeadline": "Votre commande a été annulée",
  "mail.orderStatus.now": "Le statut de votre commande {number} est désormais : {status}.",
  "mail.orderStatus.shippedDetail": "Votre commande {number} a été expédiée.",
  "mail.orderStatus.shippedWith": "Votre commande {number} a été expédiée par {courier}.",
  "mail.orderStatus.trackingNumber": "Numéro de suivi : {trackingNumber}.",
  "mail.orderStatus.cancelledDetail": "Votre commande {number} a été annulée.",
  "mail.orderStatus.cardRefunded": "Votre paiement par carte a été remboursé : un autre e-mail vous en donne le détail.",
  "mail.orderStatus.cardToRefund": "Votre paiement par carte vous sera remboursé.",
  "mail.orderStatus.track": "Suivre votre colis",

  "mail.afterSale.subject": "Votre commande {number} chez {siteName} : {subject}",
  "mail.return.requestedSubject": "demande de retour reçue",
  "mail.return.requestedHeadline": "Nous avons reçu votre demande de retour",
  "mail.return.requestedBody":
    "Nous avons bien reçu votre demande de retour d’articles de la commande {number}. Nous reviendrons vers vous dès que nous l’aurons examinée.",
  "mail.return.approvedSubject": "retour accepté",
  "mail.return.approvedHeadline": "Votre retour est accepté",
  "mail.return.approvedBody":
    "Votre retour pour la commande {number} est accepté. Veuillez nous renvoyer les articles ci-dessous ; nous vous les rembourserons dès leur arrivée.",
  "mail.return.refusedSubject": "retour refusé",
  "mail.return.refusedHeadline": "Nous ne pouvons pas accepter votre retour",
  "mail.return.refusedBody": "Nous sommes désolés : nous ne pouvons pas accepter le retour que vous avez demandé pour la commande {number}.",
  "mail.return.receivedSubject": "retour reçu",
  "mail.return.receivedHeadline": "Nous avons reçu votre retour",
  "mail.return.receivedBody":
    "Les articles que vous avez renvoyés de la commande {number} sont arrivés. Votre remboursement suivra sous peu, s’il n’a pas déjà eu lieu.",
  "mail.refund.subject": "remboursement",
  "mail.refund.headline": "Nous vous avons remboursé {amount}",
  "mail.refund.toCard":
    "Nous vous avons remboursé {amount} sur votre commande {number}, sur la carte utilisée pour le paiement. Le montant apparaît généralement sur votre relevé sous 5 à 10 jours.",
  "mail.refund.body": "Nous vous avons remboursé {amount} sur votre commande {number}.",
  "mail.refund.toGiftCard": "{amount} a été recrédité sur la carte cadeau utilisée pour le paiement : vous pouvez le dépenser à nouveau dès maintenant.",
  "mail.order.giftCard": "Carte cadeau ••••{last4}",
  "mail.order.toPay": "Reste à payer",
  "mail.refund.inAll": "Au total, {refunded} sur les {total} de la commande ont été remboursés.",
  "mail.refund.item": "article",
  "mail.refund.shipping": "Livraison",
  "mail.refund.other": "Autre montant",
  "mail.refund.refunded": "Remboursé",

  "mail.orderMessage.subject": "Un message au sujet de votre commande {number} chez {siteName}",
  "mail.orderMessage.heading": "À propos de votre commande {number}",

  "mail.contactReply.subject": "Re : {subject}",
  "mail.contactReply.subjectNone": "Re : Votre message à {siteName}",
  "mail.contactReply.headingNone": "À propos de votre message à {siteName}",
  "mail.contactReply.youWrote": "Vous avez écrit le {date} :",
  "mail.contactReply.action": "Nous écrire à nouveau",
  "mail.contactReply.footer": "Vous recevez cet e-mail parce que vous avez écrit à {siteName} via son formulaire de contact.",

  // A gift card for its recipient (server/modules/giftcards)
  "mail.giftCard.subject": "Une carte cadeau {siteName} pour vous",
  "mail.giftCard.subjectFrom": "{from} vous offre une carte cadeau {siteName}",
  "mail.giftCard.heading": "Votre carte cadeau de {amount}",
  "mail.giftCard.body": "{siteName} vous offre une carte cadeau d’une valeur de {amount}.",
  "mail.giftCard.bodyFrom": "{from} vous offre une carte cadeau {siteName} d’une valeur de {amount}.",
  "mail.giftCard.code": "Code",
  "mail.giftCard.amount": "Valeur",
  "mail.giftCard.validUntil": "Valable jusqu’au",
  "mail.giftCard.noExpiry": "Sans date d’expiration",
  "mail.giftCard.note": "Un message pour vous :",
  "mail.giftCard.howTo":
    "Saisissez le code lors du paiement : sa valeur règle tout ou partie de votre commande, et le solde reste sur la carte pour une prochaine fois.",
  "mail.giftCard.action": "Découvrir {siteName}",
  "mail.giftCard.footer": "Conservez ce code en lieu sûr et ne le communiquez à personne : quiconque le détient peut utiliser la carte.",

  // Alertes (server/modules/alerts) : un invité confirme une alerte de retour en stock ; un article est de retour ; un prix souhaité a baissé
  "mail.alerts.confirm.subject": "Confirmez votre alerte pour {product}",
  "mail.alerts.confirm.heading": "Plus qu'un clic",
  "mail.alerts.confirm.body":
    "Vous avez demandé à {siteName} de vous prévenir par e-mail dès que {product} sera de nouveau en stock. Confirmez votre adresse et nous vous tiendrons au courant.",
  "mail.alerts.confirm.action": "Confirmer mon alerte",
  "mail.alerts.confirm.footer": "Vous n'avez rien demandé ? Ignorez simplement cet e-mail : sans clic, nous n'enverrons rien.",
  "mail.alerts.back.subject": "{product} est de retour en stock",
  "mail.alerts.back.heading": "C'est de retour !",
  "mail.alerts.back.body": "Bonne nouvelle : {product} est de nouveau disponible à {price}. Les quantités peuvent être limitées, ne tardez pas trop.",
  "mail.alerts.back.footer": "Vous avez demandé à être prévenu une fois : c'est le seul e-mail que vous recevrez pour cet article.",
  "mail.alerts.drop.subject": "Baisse de prix : {product} à {price}",
  "mail.alerts.drop.heading": "Un article de vos envies coûte moins cher",
  "mail.alerts.drop.body": "{product}, dans votre liste d'envies, coûte désormais {price} au lieu de {before}.",
  "mail.alerts.drop.footer": "Vous recevez ces e-mails car vous avez activé les alertes de baisse de prix pour votre liste d'envies.",
  "mail.alerts.view": "Voir le produit",
  "mail.alerts.unsubscribe": "Se désabonner",
  "mail.cartReminder.subject": "Votre panier chez {siteName} vous attend",
  "mail.cartReminder.subjectSecond": "Toujours en réflexion ? Votre panier chez {siteName} est sauvegardé",
  "mail.cartReminder.heading": "Vous avez oublié quelque chose dans votre panier",
  "mail.cartReminder.body":
    "Nous avons gardé votre panier. Le bouton ci-dessous le retrouve sur n’importe quel appareil, pour reprendre là où vous vous étiez arrêté.",
  "mail.cartReminder.line": "{quantity} × {price}",
  "mail.cartReminder.subtotal": "Sous-total",
  "mail.cartReminder.action": "Retrouver mon panier",
  "mail.cartReminder.stop": "Ne plus recevoir de rappels de panier",
  "mail.cartReminder.footer": "Vous recevez cet e-mail car vous avez demandé un rappel de votre panier. Les prix et les stocks ont pu changer depuis.",

  // Demander un avis sur ce qui a été reçu (un e-mail par commande, un lien par produit)
  "mail.reviewRequest.subject": "Votre commande chez {siteName} vous plaît-elle ?",
  "mail.reviewRequest.heading": "Comment s’est passée votre commande ?",
  "mail.reviewRequest.body":
    "Votre commande {number} est arrivée il y a quelques jours. Voulez-vous dire aux autres clients ce que vous en pensez ? Cela ne prend qu’une minute.",
  "mail.reviewRequest.each": "Donnez votre avis sur chaque article :",
  "mail.reviewRequest.action": "Écrire un avis",
  "mail.reviewRequest.stop": "Ne plus me demander d’avis",
  "mail.reviewRequest.footer": "Nous ne vous le demandons qu’une fois. Ces liens sont personnels et valables {days} jours.",
} satisfies Translation<typeof en>;
