/** Messages of the server's answers that pages show: validation of forms, cart and order outcomes. */
export default {
  // Any form whose input a schema refuses (common/validate.ts).
  "errors.form.checkFields": "Please check the highlighted fields.",
  // The contact form (common/content/content.schema.ts).
  "errors.contact.nameRequired": "Please enter your name",
  "errors.contact.nameTooLong": "Name is too long",
  "errors.contact.emailInvalid": "Please enter a valid e-mail address",
  "errors.contact.subjectTooLong": "Subject is too long",
  "errors.contact.messageTooShort": "Please write at least 10 characters",
  "errors.contact.messageTooLong": "Message is too long (5000 characters at most)",
};
