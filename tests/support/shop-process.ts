// The shop's API as its own process (what server.mjs runs, without the pages' build), on the
// database and port its environment names: for tests that need a real process, its memory and
// its event loop (tests/support/server-process.ts starts it).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { bootstrap } from "../../server/bootstrap";

const shop = await bootstrap();
const server = http.createServer(shop.listener);
server.listen(shop.env.PORT, "127.0.0.1", () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on("SIGTERM", () => {
  server.close(() => void shop.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
