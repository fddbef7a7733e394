// The yardstick for `npm run bench`: a bare node:http server that answers every request with the
// exact bytes and headers of one answer of the shop (GET /api/products, the home page, a product
// page), so the two rates differ only by what the shop does per request (routing, middleware,
// database, rendering), not by payload size.
// Started by bare.mjs as a child process; reports its port over IPC.
import fs from "node:fs";
import http from "node:http";

const body = fs.readFileSync(process.env.BARE_BODY_FILE);
const headers = { ...JSON.parse(process.env.BARE_HEADERS ?? "{}"), "content-length": String(body.length) };

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.send?.({ ready: true, port: server.address().port }));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
