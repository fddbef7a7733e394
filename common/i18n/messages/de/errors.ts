import type { Translation } from "../../catalogs";
import type en from "../en/errors";

export default {} satisfies Translation<typeof en>;
