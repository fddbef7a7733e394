import type { Translation } from "../../catalogs";
import type en from "../en/mail";

export default {} satisfies Translation<typeof en>;
