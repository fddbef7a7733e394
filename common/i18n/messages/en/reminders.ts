/** Cart reminders: the consent at checkout and the page an unsubscribe link opens. */
export default {
  "reminders.consent": "E-mail me a reminder if I leave my cart",
  "reminders.consentHint": "One or two mails at most, each with a link to stop them.",
  "reminders.stopped.title": "No more cart reminders",
  "reminders.stopped.text": "We will not e-mail you about your cart again.",
  "reminders.invalid.title": "This link does not work",
  "reminders.invalid.text": "It may be incomplete. Copy the whole address from the e-mail, or write to us.",
  "reminders.continue": "Continue shopping",
};
