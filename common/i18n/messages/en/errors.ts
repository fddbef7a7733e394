/** Messages of the server's answers that pages show: validation of forms, cart and order outcomes. */
export default {
  // Sign-in, account and profile (server/auth, server/flows/delete-customer.ts, the profile form's upload)
  "errors.account.nameMissing": "Please enter your name.",
  "errors.account.imageNotWebAddress": "The picture must be a web address starting with http:// or https://.",
  "errors.account.signInFirst": "Please sign in first.",
  "errors.account.deleteLinkUsed": "This link has expired or was already used. Ask for a new one from your profile.",
  "errors.account.deletePasswordMissing": "Please enter your password to delete your account.",
  "errors.account.deletePasswordField": "Enter your password",
  "errors.account.deleteWrongPassword": "That password is not right: your account was not deleted.",
  "errors.account.deleteWrongPasswordField": "This is not your password",
  "errors.account.formUnreadable": "The form could not be read: it is not valid multipart/form-data.",
  "errors.account.formInvalid": "The form is not valid multipart/form-data.",
};
