import { adminT } from "~/lib/i18n.server";
import { data, redirect } from "react-router";
import { auditActor } from "~/components/admin/form-result.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { requireAdminScreen } from "~/lib/auth.server";
import { formatMoney } from "~/lib/money";
import { AppError } from "#common/errors";
import { sameSitePath } from "#common/same-site-path";
import type { Route } from "./+types/order-returns-action";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};
const optionalNumber = (form: FormData, name: string) => (text(form, name) === "" ? undefined : text(form, name));

/** Only a page of the admin area to go back to (never another site). */
function backTo(form: FormData, orderId: string): string {
  const to = sameSitePath(form.get("redirectTo"));
  return to?.startsWith("/admin-dashboard/") ? to : `/admin-dashboard/orders/${encodeURIComponent(orderId)}`;
}

/** Nothing to show here: the order's page. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  return redirect(`/admin-dashboard/orders/${encodeURIComponent(params.id)}`);
}

/**
 * The return and refund steps of one order (the order page's ReturnsPanel and RefundDialog, and
 * the returns list, post here): intent approve, refuse (reason), receive (stock back), refund
 * (`qty:<lineId>`, shipping, amount, reason, idempotencyKey). Redirects back with a toast; a refund
 * refused while the dialog is open (`inPlace`) answers its reason to the dialog instead.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const { services } = context;
  const form = await request.formData();
  const actor = auditActor(context, user);
  const orderId = params.id;
  const back = backTo(form, orderId);
  const intent = text(form, "intent");
  const returnId = text(form, "returnId");
  let message: string;
  try {
    if (intent === "refund") {
      const lines = [...form.keys()].filter((k) => k.startsWith("qty:")).map((k) => ({ lineId: k.slice(4), quantity: Number(text(form, k) || 0) }));
      const { refund } = await services.refunds.refund(
        orderId,
        {
          lines,
          shipping: optionalNumber(form, "shipping"),
          amount: optionalNumber(form, "amount"),
          reason: text(form, "reason"),
          idempotencyKey: text(form, "idempotencyKey") || null,
        },
        actor,
      );
      const [{ currency }, { locale }] = await Promise.all([services.orderRefunds.getState(orderId), services.content.getSettings()]);
      const amount = formatMoney(refund.amount, currency, locale);
      message = refund.method === "stripe" ? adminT("admin.refund.toast.card", { amount }) : adminT("admin.refund.toast.manual", { amount });
    } else if (intent === "approve" || intent === "refuse" || intent === "receive") {
      const ret = await services.orderReturns.get(returnId);
      if (ret.orderId !== orderId) throw new AppError("not_found", adminT("admin.returns.notOnOrder"));
      if (intent === "approve") await services.orderReturns.approve(returnId, actor);
      if (intent === "refuse") await services.orderReturns.refuse(returnId, { reason: text(form, "reason") }, actor);
      if (intent === "receive") await services.returns.receive(returnId, actor);
      message = {
        approve: adminT("admin.returns.toast.approved"),
        refuse: adminT("admin.returns.toast.refused"),
        receive: adminT("admin.returns.toast.received"),
      }[intent];
    } else {
      throw new AppError("invalid_input", adminT("admin.form.unknownAction"));
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (text(form, "inPlace")) return data({ error: { message: err.message, fields: err.fields } }, { status: err.status });
    return redirectWithToast(back, { kind: "error", message: err.message });
  }
  return redirectWithToast(back, { kind: "success", message });
}
