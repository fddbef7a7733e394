/** The shop's money format, one rule for the pages and the server's mails (common/money.ts). */
export { formatMoney } from "#common/money";
