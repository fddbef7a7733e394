import { Hono } from "hono";
import type { AppEnv } from "./context";

/** PLACEHOLDER (issue 4). */
export function orderRoutes() {
  return new Hono<AppEnv>();
}
