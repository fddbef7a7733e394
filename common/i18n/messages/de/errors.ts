import type { Translation } from "../translation";
import type en from "../en/errors";

export default {} satisfies Translation<typeof en>;
