export type ErrorCode = "not_found" | "invalid_input" | "unauthorized" | "forbidden" | "conflict" | "rate_limited" | "too_large" | "unavailable";

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503> = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // A body (an upload) over its route's limit.
  too_large: 413,
  rate_limited: 429,
  // A service the answer depends on (the card payment provider) cannot be reached right now.
  unavailable: 503,
};

/** An expected failure with a code that maps to one HTTP status and a message a user can read. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds after which trying again can succeed (rate_limited): the one error handler sends it as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status() {
    return STATUS[this.code];
  }

  toJSON() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.retryAfter ? { retryAfter: this.retryAfter } : {}),
      },
    };
  }
}

/** Turns zod issues into `{ field: message }`, first message per field. */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}
