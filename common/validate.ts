import type { z } from "zod";
import { AppError, fieldErrors } from "./errors";

/** Parses input with a zod schema or throws an invalid_input AppError listing the bad fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message = "Please check the highlighted fields."): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError("invalid_input", message, fieldErrors(result.error.issues));
  return result.data;
}
