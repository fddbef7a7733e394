// Starts a yardstick: bare-server.mjs as a child process, replaying one answer of the shop (its
// bytes and content headers), checked to answer exactly those bytes.
import fs from "node:fs";
import path from "node:path";
import { getOk } from "./http.mjs";
import { BenchError, logTail, root, spawnChild, tempDir } from "./processes.mjs";

/** Starts a bare node:http server answering `res`'s body; returns the child and its URL. */
export async function startBare(name, res, env) {
  const bodyFile = path.join(tempDir(), `${name}.body`);
  fs.writeFileSync(bodyFile, res.body);
  const bareHeaders = {};
  for (const h of ["content-type", "content-encoding"]) if (res.headers[h]) bareHeaders[h] = res.headers[h];
  const bare = spawnChild(name, process.execPath, [path.join(root, "scripts/bench/bare-server.mjs")], {
    env: { ...env, NODE_ENV: "production", BARE_BODY_FILE: bodyFile, BARE_HEADERS: JSON.stringify(bareHeaders) },
    ipc: true,
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchError(`The bare server (${name}) did not start within 15 s`)), 15_000);
    bare.on("message", (m) => {
      if (m?.ready) {
        clearTimeout(timer);
        resolve(m.port);
      }
    });
    bare.exited.then(() => {
      clearTimeout(timer);
      reject(new BenchError(`The bare server (${name}) exited:\n${logTail(bare.logFile)}`));
    });
  });
  const url = `http://127.0.0.1:${port}/`;
  const check = await getOk(url, {});
  if (!check.body.equals(res.body) || check.headers["content-type"] !== res.headers["content-type"]) {
    throw new BenchError(`The bare server (${name}) does not answer the same bytes`);
  }
  return { child: bare, url };
}
