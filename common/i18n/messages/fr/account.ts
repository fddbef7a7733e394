import type { Translation } from "../translation";
import type en from "../en/account";

export default {} satisfies Translation<typeof en>;
