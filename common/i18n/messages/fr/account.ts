import type { Translation } from "../../catalogs";
import type en from "../en/account";

export default {} satisfies Translation<typeof en>;
