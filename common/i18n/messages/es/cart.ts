import type { Translation } from "../../catalogs";
import type en from "../en/cart";

export default {} satisfies Translation<typeof en>;
