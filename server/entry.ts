// Entry of the production server bundle (build/server/index.js): React Router's server build
// plus our bootstrap, so server.mjs needs nothing but this file.
import * as serverBuild from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";

export { bootstrap } from "./bootstrap";
export const build = serverBuild as unknown as ServerBuild;
