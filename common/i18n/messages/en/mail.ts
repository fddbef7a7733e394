/** The mails the shop sends to shoppers, in their language. */
export default {};
