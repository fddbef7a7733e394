import type { Translation } from "../translation";
import type en from "../en/mail";

export default {
  "mail.greeting": "Hallo {name},",
  "mail.greetingNoName": "Hallo,",
  "mail.copyLink": "Falls der Button nicht funktioniert, kopiere diese Adresse in deinen Browser:",
  "mail.signMeIn": "Jetzt anmelden",
  "mail.viewOrder": "Bestellung ansehen",
  "mail.orderFooter": "Du erhältst diese E-Mail, weil du in unserem Shop bestellt hast.",
  "mail.reason": "Grund: {reason}",

  "mail.verify.subject": "Bestätige deine E-Mail-Adresse für {siteName}",
  "mail.verify.heading": "Bestätige deine E-Mail-Adresse",
  "mail.verify.body":
    "Danke, dass du ein Konto bei {siteName} erstellt hast. Bitte bestätige, dass diese Adresse dir gehört: Der Link meldet dich an und ist eine Stunde lang gültig.",
  "mail.verify.action": "E-Mail-Adresse bestätigen",
  "mail.verify.footer": "Falls du kein Konto erstellt hast, kannst du diese E-Mail ignorieren: Ohne Klick auf den Link passiert nichts.",

  "mail.magicLink.subject": "Dein Anmeldelink für {siteName}",
  "mail.magicLink.heading": "Mit einem Klick anmelden",
  "mail.magicLink.body":
    "Hier ist der Link, den du angefordert hast. Er meldet dich bei {siteName} an, funktioniert ein einziges Mal und läuft in {minutes, plural, one {# Minute} other {# Minuten}} ab.",
  "mail.magicLink.footer": "Falls du diesen Link nicht angefordert hast, kannst du diese E-Mail ignorieren: Ohne ihn kann sich niemand anmelden.",

  "mail.signInLocked.subject": "Fehlgeschlagene Anmeldeversuche bei deinem Konto bei {siteName}",
  "mail.signInLocked.heading": "Jemand konnte sich mehrmals nicht anmelden",
  "mail.signInLocked.body":
    "Jemand hat mehrmals versucht, sich mit einem falschen Passwort bei deinem Konto bei {siteName} anzumelden. Zu deiner Sicherheit haben wir die Anmeldung mit Passwort von dieser Internetadresse aus für {lockMinutes, plural, one {# Minute} other {# Minuten}} pausiert; von deinen eigenen Geräten aus kannst du dich weiterhin anmelden.",
  "mail.signInLocked.link":
    "Falls du das warst: Dieser Link meldet dich ohne Passwort an. Er funktioniert ein einziges Mal und läuft in {minutes, plural, one {# Minute} other {# Minuten}} ab.",
  "mail.signInLocked.footer":
    "Falls du das nicht warst, ist dein Konto sicher: Ohne dein Passwort oder diesen Link kann sich niemand anmelden. Ein langes Passwort, das du nirgendwo sonst verwendest, sorgt dafür, dass es so bleibt.",

  "mail.reset.subject": "Setze dein Passwort für {siteName} zurück",
  "mail.reset.heading": "Wähle ein neues Passwort",
  "mail.reset.body":
    "Wir haben eine Anfrage erhalten, das Passwort deines Kontos zurückzusetzen. Der Link ist eine Stunde lang gültig; nach der Änderung wirst du auf allen anderen Geräten abgemeldet.",
  "mail.reset.action": "Neues Passwort wählen",
  "mail.reset.footer": "Falls du kein neues Passwort angefordert hast, kannst du diese E-Mail ignorieren: Dein Passwort bleibt, wie es ist.",

  "mail.existingAccount.subject": "Du hast bereits ein Konto bei {siteName}",
  "mail.existingAccount.heading": "Du hast bereits ein Konto",
  "mail.existingAccount.body":
    "Jemand (hoffentlich du) hat versucht, mit dieser E-Mail-Adresse ein neues Konto bei {siteName} zu erstellen. Du hast bereits eins, deshalb wurde nichts geändert.",
  "mail.existingAccount.action": "Anmelden",
  "mail.existingAccount.reset": "Passwort vergessen? Wähle ein neues",
  "mail.existingAccount.footer": "Falls du das nicht warst, kannst du diese E-Mail ignorieren: Dein Konto und dein Passwort sind unverändert.",

  "mail.deleteAccount.subject": "Bestätige das Löschen deines Kontos bei {siteName}",
  "mail.deleteAccount.heading": "Konto löschen?",
  "mail.deleteAccount.body":
    "Du möchtest dein Konto löschen. Der Link unten fragt dich noch ein letztes Mal und löscht dann dein Konto, dein Adressbuch, deinen Warenkorb und deine Wunschliste endgültig. Deine Bestellungen bleiben ohne deinen Namen, deine E-Mail-Adresse, Telefonnummer und Anschrift in unseren Büchern.",
  "mail.deleteAccount.validity": "Der Link ist eine Stunde lang gültig.",
  "mail.deleteAccount.action": "Mein Konto löschen",
  "mail.deleteAccount.footer": "Falls du das nicht angefordert hast, ignoriere diese E-Mail: Ohne Klick auf den Link wird nichts gelöscht.",

  "mail.order.subject": "Deine Bestellung {number} bei {siteName}",
  "mail.order.heading": "Danke für deine Bestellung {number}",
  "mail.order.received": "Wir haben deine Bestellung erhalten und sagen dir Bescheid, sobald sie unterwegs ist.",
  "mail.order.subtotal": "Zwischensumme",
  "mail.order.shipping": "Versand ({method})",
  "mail.order.total": "Gesamt",
  "mail.order.saved": "Du sparst {amount} gegenüber den Listenpreisen: Die Preise oben enthalten den Rabatt bereits.",
  "mail.order.deliveryTo": "Lieferung an: {address}",
  "mail.order.payment": "Zahlung: {method}",
  "mail.order.paymentCod": "Nachnahme",
  "mail.order.paymentCard": "Karte",
  "mail.order.company": "Firma: {company}",
  "mail.order.vatNumber": "USt-IdNr.: {number}",
  "mail.order.footer": "Bewahre diese E-Mail auf: Über ihren Link siehst du deine Bestellung und ihren Status jederzeit, mit oder ohne Konto.",

  "mail.orderStatus.subject": "Deine Bestellung {number} bei {siteName}: {status}",
  "mail.orderStatus.pending": "Ausstehend",
  "mail.orderStatus.processing": "In Bearbeitung",
  "mail.orderStatus.shipped": "Versandt",
  "mail.orderStatus.delivered": "Zugestellt",
  "mail.orderStatus.completed": "Abgeschlossen",
  "mail.orderStatus.cancelled": "Storniert",
  "mail.orderStatus.pendingHeadline": "Deine Bestellung ist bei uns eingegangen",
  "mail.orderStatus.processingHeadline": "Wir bereiten deine Bestellung vor",
  "mail.orderStatus.shippedHeadline": "Deine Bestellung ist unterwegs",
  "mail.orderStatus.deliveredHeadline": "Deine Bestellung wurde zugestellt",
  "mail.orderStatus.completedHeadline": "Deine Bestellung ist abgeschlossen",
  "mail.orderStatus.cancelledHeadline": "Deine Bestellung wurde storniert",
  "mail.orderStatus.now": "Der Status deiner Bestellung {number} ist jetzt: {status}.",
  "mail.orderStatus.shippedDetail": "Deine Bestellung {number} wurde versandt.",
  "mail.orderStatus.shippedWith": "Deine Bestellung {number} wurde mit {courier} versandt.",
  "mail.orderStatus.trackingNumber": "Sendungsnummer: {trackingNumber}.",
  "mail.orderStatus.cancelledDetail": "Deine Bestellung {number} wurde storniert.",
  "mail.orderStatus.cardRefunded": "Deine Kartenzahlung wurde erstattet: Die Details findest du in einer separaten E-Mail.",
  "mail.orderStatus.cardToRefund": "Deine Kartenzahlung wird erstattet.",
  "mail.orderStatus.track": "Sendung verfolgen",

  "mail.afterSale.subject": "Deine Bestellung {number} bei {siteName}: {subject}",
  "mail.return.requestedSubject": "Rücksendung angefragt",
  "mail.return.requestedHeadline": "Deine Rücksendeanfrage ist bei uns eingegangen",
  "mail.return.requestedBody":
    "Wir haben deine Anfrage erhalten, Artikel aus der Bestellung {number} zurückzusenden. Wir melden uns, sobald wir sie geprüft haben.",
  "mail.return.approvedSubject": "Rücksendung genehmigt",
  "mail.return.approvedHeadline": "Deine Rücksendung ist genehmigt",
  "mail.return.approvedBody":
    "Deine Rücksendung zur Bestellung {number} ist genehmigt. Bitte schick uns die unten aufgeführten Artikel zurück; wir erstatten sie, sobald sie bei uns ankommen.",
  "mail.return.refusedSubject": "Rücksendung abgelehnt",
  "mail.return.refusedHeadline": "Wir können deine Rücksendung nicht annehmen",
  "mail.return.refusedBody": "Es tut uns leid: Wir können die Rücksendung, die du zur Bestellung {number} angefragt hast, nicht annehmen.",
  "mail.return.receivedSubject": "Rücksendung eingegangen",
  "mail.return.receivedHeadline": "Deine Rücksendung ist bei uns eingegangen",
  "mail.return.receivedBody":
    "Die Artikel, die du aus der Bestellung {number} zurückgeschickt hast, sind angekommen. Deine Erstattung folgt in Kürze, falls sie nicht schon erfolgt ist.",
  "mail.refund.subject": "Erstattung",
  "mail.refund.headline": "Wir haben dir {amount} erstattet",
  "mail.refund.toCard":
    "Wir haben dir {amount} für deine Bestellung {number} auf die Karte erstattet, mit der du bezahlt hast. Der Betrag erscheint meist innerhalb von 5 bis 10 Tagen auf deiner Abrechnung.",
  "mail.refund.body": "Wir haben dir {amount} für deine Bestellung {number} erstattet.",
  "mail.refund.toGiftCard": "{amount} ist wieder auf dem Gutschein, mit dem du bezahlt hast: Du kannst den Betrag sofort wieder einlösen.",
  "mail.order.giftCard": "Gutschein ••••{last4}",
  "mail.order.toPay": "Noch zu zahlen",
  "mail.refund.inAll": "Insgesamt wurden {refunded} der {total} deiner Bestellung erstattet.",
  "mail.refund.item": "Artikel",
  "mail.refund.shipping": "Versand",
  "mail.refund.other": "Weiterer Betrag",
  "mail.refund.refunded": "Erstattet",

  "mail.orderMessage.subject": "Eine Nachricht zu deiner Bestellung {number} bei {siteName}",
  "mail.orderMessage.heading": "Zu deiner Bestellung {number}",

  "mail.contactReply.subject": "AW: {subject}",
  "mail.contactReply.subjectNone": "AW: Deine Nachricht an {siteName}",
  "mail.contactReply.headingNone": "Zu deiner Nachricht an {siteName}",
  "mail.contactReply.youWrote": "Du hast am {date} geschrieben:",
  "mail.contactReply.action": "Schreib uns noch einmal",
  "mail.contactReply.footer": "Du erhältst diese E-Mail, weil du {siteName} über das Kontaktformular geschrieben hast.",

  // A gift card for its recipient (server/modules/giftcards)
  "mail.giftCard.subject": "Ein Gutschein von {siteName} für dich",
  "mail.giftCard.subjectFrom": "{from} schenkt dir einen Gutschein von {siteName}",
  "mail.giftCard.heading": "Dein Gutschein über {amount}",
  "mail.giftCard.body": "{siteName} schenkt dir einen Gutschein über {amount}.",
  "mail.giftCard.bodyFrom": "{from} schenkt dir einen Gutschein von {siteName} über {amount}.",
  "mail.giftCard.code": "Gutscheincode",
  "mail.giftCard.amount": "Wert",
  "mail.giftCard.validUntil": "Gültig bis",
  "mail.giftCard.noExpiry": "Unbegrenzt gültig",
  "mail.giftCard.note": "Eine Nachricht für dich:",
  "mail.giftCard.howTo":
    "Gib den Code an der Kasse ein: Sein Wert bezahlt deine Bestellung ganz oder teilweise, und was übrig bleibt, bleibt für das nächste Mal auf dem Gutschein.",
  "mail.giftCard.action": "Jetzt bei {siteName} einkaufen",
  "mail.giftCard.footer": "Bewahre den Code gut auf und gib ihn nicht weiter: Wer ihn kennt, kann das Guthaben einlösen.",

  // Benachrichtigungen (server/modules/alerts): Gast bestätigt eine Verfügbarkeitsmeldung; Artikel wieder da; Preis eines Wunschartikels gesunken
  "mail.alerts.confirm.subject": "Bestätige deine Benachrichtigung für {product}",
  "mail.alerts.confirm.heading": "Nur noch ein Klick",
  "mail.alerts.confirm.body":
    "Du möchtest von {siteName} eine E-Mail bekommen, sobald {product} wieder verfügbar ist. Bestätige deine Adresse, dann sagen wir dir Bescheid.",
  "mail.alerts.confirm.action": "Benachrichtigung bestätigen",
  "mail.alerts.confirm.footer": "Du hast das nicht angefordert? Dann ignoriere diese E-Mail einfach: Ohne Klick senden wir nichts.",
  "mail.alerts.back.subject": "{product} ist wieder da",
  "mail.alerts.back.heading": "Wieder verfügbar!",
  "mail.alerts.back.body": "Gute Nachricht: {product} ist wieder für {price} erhältlich. Der Vorrat ist womöglich begrenzt, also warte nicht zu lange.",
  "mail.alerts.back.footer": "Du wolltest einmal benachrichtigt werden; zu diesem Artikel bekommst du keine weitere E-Mail.",
  "mail.alerts.drop.subject": "Preis gesenkt: {product} jetzt für {price}",
  "mail.alerts.drop.heading": "Ein Wunschartikel ist günstiger",
  "mail.alerts.drop.body": "{product} von deiner Wunschliste kostet jetzt {price} statt {before}.",
  "mail.alerts.drop.footer": "Du bekommst diese E-Mails, weil du Preisalarme für deine Wunschliste eingeschaltet hast.",
  "mail.alerts.view": "Zum Produkt",
  "mail.alerts.unsubscribe": "Abmelden",
  "mail.cartReminder.subject": "Dein Warenkorb bei {siteName} wartet auf dich",
  "mail.cartReminder.subjectSecond": "Noch am Überlegen? Dein Warenkorb bei {siteName} ist gespeichert",
  "mail.cartReminder.heading": "Da liegt noch etwas in deinem Warenkorb",
  "mail.cartReminder.body":
    "Wir haben deinen Warenkorb für dich aufbewahrt. Mit dem Button unten holst du ihn auf jedes Gerät zurück und machst genau dort weiter, wo du aufgehört hast.",
  "mail.cartReminder.line": "{quantity} × {price}",
  "mail.cartReminder.subtotal": "Zwischensumme",
  "mail.cartReminder.action": "Zurück zum Warenkorb",
  "mail.cartReminder.stop": "Keine Warenkorb-Erinnerungen mehr",
  "mail.cartReminder.footer":
    "Du erhältst diese E-Mail, weil du um eine Erinnerung an deinen Warenkorb gebeten hast. Preise und Verfügbarkeit können sich inzwischen geändert haben.",

  // Bitte um eine Bewertung des Erhaltenen (eine Mail je Bestellung, ein Link je Produkt)
  "mail.reviewRequest.subject": "Wie gefällt dir deine Bestellung bei {siteName}?",
  "mail.reviewRequest.heading": "Wie war deine Bestellung?",
  "mail.reviewRequest.body":
    "Deine Bestellung {number} ist vor ein paar Tagen angekommen. Magst du anderen erzählen, wie sie dir gefällt? Es dauert nur eine Minute.",
  "mail.reviewRequest.each": "Jeden Artikel bewerten:",
  "mail.reviewRequest.action": "Bewertung schreiben",
  "mail.reviewRequest.stop": "Keine Bitten um Bewertungen mehr",
  "mail.reviewRequest.footer": "Wir fragen nur dieses eine Mal. Die Links gelten nur für dich und funktionieren {days} Tage lang.",
} satisfies Translation<typeof en>;
