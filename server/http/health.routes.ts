import { Hono } from "hono";
import type { AppEnv } from "./context";

/** GET /healthz: the process answers and its database with it (for load balancers and the orchestrator). */
export function healthRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/healthz", async (c) => {
    const { health } = c.var.services;
    await health.ping();
    return c.json({ status: "ok", database: health.dialect });
  });

  return r;
}
