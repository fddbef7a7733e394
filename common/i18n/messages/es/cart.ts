import type { Translation } from "../translation";
import type en from "../en/cart";

export default {} satisfies Translation<typeof en>;
