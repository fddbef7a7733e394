/** The mails the shop sends to shoppers, in their language. */
export default {
  // What every mail has
  "mail.greeting": "Hello {name},",
  "mail.greetingNoName": "Hello,",
  "mail.copyLink": "If the button does not work, copy this address into your browser:",
  "mail.signMeIn": "Sign me in",
  "mail.viewOrder": "View your order",
  "mail.orderFooter": "You receive this e-mail because you placed an order at our shop.",
  "mail.reason": "Reason: {reason}",

  // Confirming a new account's address
  "mail.verify.subject": "Confirm your e-mail address for {siteName}",
  "mail.verify.heading": "Confirm your e-mail address",
  "mail.verify.body":
    "Thank you for creating an account at {siteName}. Please confirm that this address is yours: the link signs you in, and it is valid for one hour.",
  "mail.verify.action": "Confirm my e-mail address",
  "mail.verify.footer": "If you did not create an account, you can ignore this e-mail: nothing happens without a click on the link.",

  // The one-time sign-in link
  "mail.magicLink.subject": "Your sign-in link for {siteName}",
  "mail.magicLink.heading": "Sign in with one click",
  "mail.magicLink.body":
    "Here is the link you asked for. It signs you in to {siteName}, works once, and expires in {minutes, plural, one {# minute} other {# minutes}}.",
  "mail.magicLink.footer": "If you did not ask for this link, you can ignore this e-mail: nobody can sign in without it.",

  // Password sign-in paused after failed attempts
  "mail.signInLocked.subject": "Failed sign-ins to your {siteName} account",
  "mail.signInLocked.heading": "Someone failed to sign in repeatedly",
  "mail.signInLocked.body":
    "Someone tried to sign in to your account at {siteName} several times with a wrong password. For your security, we have paused password sign-in from their address for {lockMinutes, plural, one {# minute} other {# minutes}}; you can still sign in from your own devices.",
  "mail.signInLocked.link":
    "If it was you, this link signs you in without your password. It works once and expires in {minutes, plural, one {# minute} other {# minutes}}.",
  "mail.signInLocked.footer":
    "If it was not you, your account is safe: nobody can sign in without your password or this link. A long password you use nowhere else keeps it that way.",

  // Choosing a new password
  "mail.reset.subject": "Reset your {siteName} password",
  "mail.reset.heading": "Choose a new password",
  "mail.reset.body":
    "We received a request to reset the password of your account. The link is valid for one hour; after the change, every other device is signed out.",
  "mail.reset.action": "Choose a new password",
  "mail.reset.footer": "If you did not ask for a new password, you can ignore this e-mail: your password stays as it is.",

  // A sign-up with an address that has an account
  "mail.existingAccount.subject": "You already have an account at {siteName}",
  "mail.existingAccount.heading": "You already have an account",
  "mail.existingAccount.body":
    "Someone (hopefully you) tried to create a new account at {siteName} with this e-mail address. You already have one, so nothing was changed.",
  "mail.existingAccount.action": "Sign in",
  "mail.existingAccount.reset": "Forgot your password? Choose a new one",
  "mail.existingAccount.footer": "If this was not you, you can ignore this e-mail: your account and password are unchanged.",

  // Deleting an account without a password
  "mail.deleteAccount.subject": "Confirm deleting your {siteName} account",
  "mail.deleteAccount.heading": "Delete your account?",
  "mail.deleteAccount.body":
    "You asked to delete your account. The link below asks you once more, then deletes your account, your address book, cart and wishlist for good. Your orders stay in our books without your name, e-mail, phone or address.",
  "mail.deleteAccount.validity": "The link is valid for one hour.",
  "mail.deleteAccount.action": "Delete my account",
  "mail.deleteAccount.footer": "If you did not ask for this, ignore this e-mail: nothing is deleted without a click on the link.",

  // The order confirmation
  "mail.order.subject": "Your {siteName} order {number}",
  "mail.order.heading": "Thank you for your order {number}",
  "mail.order.received": "We have received your order and will let you know as soon as it is on its way.",
  "mail.order.subtotal": "Subtotal",
  "mail.order.shipping": "Shipping ({method})",
  "mail.order.total": "Total",
  "mail.order.saved": "You saved {amount} on list prices: the prices above include it.",
  "mail.order.deliveryTo": "Delivery to: {address}",
  "mail.order.payment": "Payment: {method}",
  "mail.order.paymentCod": "Cash on delivery",
  "mail.order.paymentCard": "Card",
  "mail.order.company": "Company: {company}",
  "mail.order.vatNumber": "VAT number: {number}",
  "mail.order.footer": "Keep this e-mail: its link shows your order and its status at any time, with or without an account.",

  // An order's new status
  "mail.orderStatus.subject": "Your {siteName} order {number}: {status}",
  "mail.orderStatus.pending": "Pending",
  "mail.orderStatus.processing": "Processing",
  "mail.orderStatus.shipped": "Shipped",
  "mail.orderStatus.delivered": "Delivered",
  "mail.orderStatus.completed": "Completed",
  "mail.orderStatus.cancelled": "Cancelled",
  "mail.orderStatus.pendingHeadline": "We have your order",
  "mail.orderStatus.processingHeadline": "We are preparing your order",
  "mail.orderStatus.shippedHeadline": "Your order is on its way",
  "mail.orderStatus.deliveredHeadline": "Your order has been delivered",
  "mail.orderStatus.completedHeadline": "Your order is complete",
  "mail.orderStatus.cancelledHeadline": "Your order has been cancelled",
  "mail.orderStatus.now": "The status of your order {number} is now: {status}.",
  "mail.orderStatus.shippedDetail": "Your order {number} has shipped.",
  "mail.orderStatus.shippedWith": "Your order {number} has shipped with {courier}.",
  "mail.orderStatus.trackingNumber": "Tracking number: {trackingNumber}.",
  "mail.orderStatus.cancelledDetail": "Your order {number} has been cancelled.",
  "mail.orderStatus.cardRefunded": "Your card payment has been refunded: a separate e-mail has the details.",
  "mail.orderStatus.cardToRefund": "Your card payment will be refunded.",
  "mail.orderStatus.track": "Track your parcel",

  // Returns and refunds
  "mail.afterSale.subject": "Your {siteName} order {number}: {subject}",
  "mail.return.requestedSubject": "return requested",
  "mail.return.requestedHeadline": "We have your return request",
  "mail.return.requestedBody": "We have received your request to return items of order {number}. We will let you know once we have looked at it.",
  "mail.return.approvedSubject": "return approved",
  "mail.return.approvedHeadline": "Your return is approved",
  "mail.return.approvedBody": "Your return for order {number} is approved. Please send the items below back to us; we refund them once they arrive.",
  "mail.return.refusedSubject": "return refused",
  "mail.return.refusedHeadline": "We cannot accept your return",
  "mail.return.refusedBody": "We are sorry: we cannot accept the return you asked for on order {number}.",
  "mail.return.receivedSubject": "return received",
  "mail.return.receivedHeadline": "We have received your return",
  "mail.return.receivedBody": "The items you sent back from order {number} have arrived. Your refund follows shortly, if it has not already.",
  "mail.refund.subject": "refund",
  "mail.refund.headline": "We have refunded {amount}",
  "mail.refund.toCard": "We have refunded {amount} of your order {number} to the card you paid with. It usually shows on your statement within 5 to 10 days.",
  "mail.refund.body": "We have refunded {amount} of your order {number}.",
  "mail.refund.toGiftCard": "{amount} has gone back to the gift card you paid with: you can spend it again right away.",
  "mail.order.giftCard": "Gift card ••••{last4}",
  "mail.order.toPay": "To pay",
  "mail.refund.inAll": "In all, {refunded} of the order's {total} has been refunded.",
  "mail.refund.item": "item",
  "mail.refund.shipping": "Shipping",
  "mail.refund.other": "Other amount",
  "mail.refund.refunded": "Refunded",

  // The shop's note about an order
  "mail.orderMessage.subject": "A message about your {siteName} order {number}",
  "mail.orderMessage.heading": "About your order {number}",

  // The shop's reply to a contact message
  "mail.contactReply.subject": "Re: {subject}",
  "mail.contactReply.subjectNone": "Re: Your message to {siteName}",
  "mail.contactReply.headingNone": "About your message to {siteName}",
  "mail.contactReply.youWrote": "You wrote on {date}:",
  "mail.contactReply.action": "Write to us again",
  "mail.contactReply.footer": "You receive this e-mail because you wrote to {siteName} through its contact form.",

  // A gift card for its recipient (server/modules/giftcards)
  "mail.giftCard.subject": "A gift card from {siteName} for you",
  "mail.giftCard.subjectFrom": "{from} sent you a {siteName} gift card",
  "mail.giftCard.heading": "Your gift card worth {amount}",
  "mail.giftCard.body": "{siteName} has sent you a gift card worth {amount}.",
  "mail.giftCard.bodyFrom": "{from} has sent you a {siteName} gift card worth {amount}.",
  "mail.giftCard.code": "Code",
  "mail.giftCard.amount": "Value",
  "mail.giftCard.validUntil": "Valid until",
  "mail.giftCard.noExpiry": "No expiry date",
  "mail.giftCard.note": "A message for you:",
  "mail.giftCard.howTo": "Enter the code at checkout: its value pays for all or part of your order, and whatever is left stays on the card for next time.",
  "mail.giftCard.action": "Shop at {siteName}",
  "mail.giftCard.footer": "Keep this code safe and share it with no one: whoever has it can spend the card.",

  // Shoppers' alerts (server/modules/alerts): a guest confirms a back-in-stock alert; an item is back; a wished price fell
  "mail.alerts.confirm.subject": "Confirm your alert for {product}",
  "mail.alerts.confirm.heading": "One click to confirm",
  "mail.alerts.confirm.body": "You asked {siteName} to e-mail you when {product} is back in stock. Confirm your address and we'll let you know.",
  "mail.alerts.confirm.action": "Confirm my alert",
  "mail.alerts.confirm.footer": "Didn't ask for this? Simply ignore this e-mail: without a click nothing will be sent.",
  "mail.alerts.back.subject": "{product} is back in stock",
  "mail.alerts.back.heading": "It's back!",
  "mail.alerts.back.body": "Good news: {product} is available again for {price}. Stock may be limited, so don't wait too long.",
  "mail.alerts.back.footer": "You asked to be told once; this is the only e-mail you'll get about this item.",
  "mail.alerts.drop.subject": "Price drop: {product} now {price}",
  "mail.alerts.drop.heading": "A wished item costs less",
  "mail.alerts.drop.body": "{product} from your wishlist now costs {price} instead of {before}.",
  "mail.alerts.drop.footer": "You get these e-mails because you switched on price-drop alerts for your wishlist.",
  "mail.alerts.view": "View the product",
  "mail.alerts.unsubscribe": "Unsubscribe",
  // A reminder of a cart left alone (to a customer who agreed to it)
  "mail.cartReminder.subject": "Your cart at {siteName} is waiting for you",
  "mail.cartReminder.subjectSecond": "Still thinking it over? Your cart at {siteName} is saved",
  "mail.cartReminder.heading": "You left something in your cart",
  "mail.cartReminder.body": "We kept your cart for you. The button below brings it back on any device, so you can pick up where you left off.",
  "mail.cartReminder.line": "{quantity} × {price}",
  "mail.cartReminder.subtotal": "Subtotal",
  "mail.cartReminder.action": "Back to my cart",
  "mail.cartReminder.stop": "Stop cart reminders",
  "mail.cartReminder.footer": "You receive this e-mail because you asked us to remind you of your cart. Prices and stock may have changed since.",

  // Asking a buyer to review what they received (one mail per order, a link per product)
  "mail.reviewRequest.subject": "How do you like your order from {siteName}?",
  "mail.reviewRequest.heading": "How was your order?",
  "mail.reviewRequest.body": "Your order {number} arrived a few days ago. Would you tell other shoppers what you think of it? It only takes a minute.",
  "mail.reviewRequest.each": "Review each item:",
  "mail.reviewRequest.action": "Write a review",
  "mail.reviewRequest.stop": "Don't ask me for reviews again",
  "mail.reviewRequest.footer": "We ask only once. The links are for you alone and work for {days} days.",
};
