import { AppError } from "#common/errors";

/**
 * A failed write as the shopper reads it: an AppError's message and status, or (for anything
 * unexpected, which is logged) a generic apology with 500.
 */
export function actionFailure(err: unknown, what: string): { message: string; status: number } {
  if (err instanceof AppError) return { message: err.message, status: err.status };
  console.error(`${what} failed`, err);
  return { message: "Something went wrong on our side. Please try again.", status: 500 };
}
