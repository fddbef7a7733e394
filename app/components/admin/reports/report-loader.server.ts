import type { AppLoadContext } from "react-router";
import { AppError } from "#common/errors";
import { requireAdminScreen } from "~/lib/auth.server";
import { type Preset, type ReportPeriod, periodFrom } from "./report-period";

/**
 * A report screen's data: the period in the address (days in the shop's time zone; `fallback`
 * without one) and the report `read` makes of it; a period the service refuses shows its reason
 * on the screen, above an empty report, instead of failing.
 */
export async function loadReport<R>(
  request: Request,
  context: AppLoadContext,
  read: (period: ReportPeriod) => Promise<R>,
  options: { today?: () => Promise<string>; fallback?: Preset } = {},
) {
  requireAdminScreen(context, request);
  const today = options.today ? await options.today() : (await context.services.reports.today()).date;
  const period = periodFrom(new URL(request.url).searchParams, today, options.fallback);
  try {
    return { period, today, report: await read(period), error: null };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "invalid_input") throw err;
    return { period, today, report: null, error: Object.values(err.fields ?? {})[0] ?? err.message };
  }
}
