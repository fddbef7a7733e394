import type { ErrorHandler } from "hono";
import { ZodError } from "zod";
import { AppError, fieldErrors } from "#common/errors";
import type { Logger } from "../lib/logger";
import type { AppEnv } from "./context";

/**
 * The one place a thrown error becomes an answer: an `AppError` its own status (and Retry-After),
 * invalid input 400 with the fields at fault, a malformed body 400; anything else is logged and
 * answered 500 without its details.
 */
export function errorAnswer(logger: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof AppError) {
      if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
      return c.json(err.toJSON(), err.status);
    }
    if (err instanceof ZodError) {
      return c.json({ error: { code: "invalid_input", message: "Invalid input", fields: fieldErrors(err.issues) } }, 400);
    }
    if (err instanceof SyntaxError) return c.json({ error: { code: "invalid_input", message: "Malformed request body" } }, 400);
    logger.error({ err, reqId: c.var.requestId, path: c.req.path }, "unhandled error");
    return c.json({ error: { code: "internal", message: "Something went wrong on our side." } }, 500);
  };
}
