import { type AppLoadContext, data } from "react-router";
import { AppError } from "#common/errors";
import type { AuditActor } from "#modules/audit";
import type { SessionUser } from "../../lib/auth.server";
import { adminT } from "../../lib/i18n.server";
import type { FormFailure } from "./form";

/** What was typed in a form, by field name (files left out), so a refused form can show it again. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in values)) values[name] = value;
  return values;
}

/**
 * A refused form as the admin form layer reads it (form.tsx): an AppError from a service becomes
 * `{ error: { code, message, fields }, values }` with the error's status (400, 409…), the same
 * `error` shape the JSON API answers; what was typed comes back in `values`. `formFields` names the
 * service's fields as the form does, where they differ. Anything else is a bug and is rethrown for
 * the error boundary.
 */
export function formFailure(err: unknown, form?: FormData, formFields?: (fields: Record<string, string>) => Record<string, string>) {
  if (!(err instanceof AppError)) throw err;
  const fields = err.fields && formFields ? formFields(err.fields) : err.fields;
  const failure: FormFailure = {
    error: { code: err.code, message: err.message, ...(fields ? { fields } : {}) },
    ...(form ? { values: formValues(form) } : {}),
  };
  return data(failure, { status: err.status });
}

/**
 * Which button submitted the form: `intent` (a plain submit button `name="intent"`) or `confirm`
 * (the confirm button of ConfirmButton / a bulk action's dialog, which also means "confirmed").
 */
export function readIntent(form: FormData): { intent: string | null; confirmed: boolean } {
  const confirmed = form.get("confirm");
  if (typeof confirmed === "string" && confirmed) return { intent: confirmed, confirmed: true };
  const intent = form.get("intent");
  return { intent: typeof intent === "string" && intent ? intent : null, confirmed: false };
}

/**
 * A DataTable bulk submission: the action, the selected row ids (`ids`), the value chosen for it
 * (the select `value-<intent>`, e.g. the new status) and whether it was confirmed.
 */
export function readBulkAction(form: FormData): { intent: string | null; ids: string[]; value: string | null; confirmed: boolean } {
  const { intent, confirmed } = readIntent(form);
  const ids = [...new Set(form.getAll("ids").filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 100))];
  const value = intent ? form.get(`value-${intent}`) : null;
  return { intent, ids, value: typeof value === "string" && value !== "" ? value : null, confirmed };
}

/** Refuses a destructive submission that did not come through its confirm step (a crafted or stale form). */
export function requireConfirmed(submission: { confirmed: boolean }, what = adminT("admin.form.thisChange")): void {
  if (!submission.confirmed) throw new AppError("invalid_input", adminT("admin.form.confirmFirst", { what }));
}

/** The author of a screen's write for the audit log: the signed-in staff member and this request's id. */
export function auditActor(context: AppLoadContext, user: SessionUser): AuditActor {
  return { id: user.id, email: user.email, requestId: context.requestId ?? null };
}
