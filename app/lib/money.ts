/** The shop's money format, one rule for the pages and the server's mails (server/lib/money.ts). */
export { formatMoney } from "../../server/lib/money";
