import type { MessageKey } from "#common/i18n/catalogs";
import { useRichT, useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { Form, Link, data } from "react-router";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { ConfirmButton } from "~/components/admin/dialog";
import { AdminForm, FormCheckbox, FormErrorSummary, FormSelect, FormSubmit, FormText, FormTextarea } from "~/components/admin/form";
import { auditActor, formFailure, readIntent, requireConfirmed } from "~/components/admin/form-result.server";
import { loadOrderReturns } from "~/components/admin/orders/order-returns.server";
import { RefundDialog } from "~/components/admin/orders/refund-dialog";
import { ReturnsPanel } from "~/components/admin/orders/returns-panel";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, buttonClass } from "~/components/admin/ui";
import { STATUS_LABEL } from "~/components/orders/order-status";
import { PAYMENT_METHOD_LABEL } from "#common/payments/payment-methods";
import {
  AddressLines,
  BuyerFacts,
  GiftCardPurchaseFacts,
  LineList,
  LocalDate,
  StatusBadge,
  OrderTotalsList,
  Tracking,
  useOrderMoney,
  usePaymentStatusLabel,
} from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { pageAddress } from "~/lib/page-address.server";
import { AppError } from "#common/errors";
import type { AdminOrder, TimelineEntry } from "#modules/orders";
import { isOrderStatus } from "#common/orders/order-status";
import type { OrderStatus } from "#common/orders/order-status";
import type { AdminHandle } from "~/components/admin/admin-nav";
import type { Route } from "./+types/order";
import { adminMeta } from "./admin-meta";

/** The order with its timeline and the moves allowed now, the couriers to ship with, and its returns and refunds. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  try {
    const [order, settings] = await Promise.all([context.services.ordersAdmin.getOrder(params.id), context.services.content.getSettings()]);
    return { order, couriers: settings.couriers.map((c) => ({ value: c.id, label: c.name })), returns: await loadOrderReturns(context.services, params.id) };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data({ message: err.message }, { status: 404, statusText: "Not Found" });
    throw err;
  }
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = {
  breadcrumb: (d, t) => (d ? t("admin.order.title", { number: d.order.number }) : undefined),
};

/** What each move's button says, and the toast after it. */
const MOVES: Record<OrderStatus, { button: MessageKey; done: MessageKey }> = {
  pending: { button: "admin.order.move.pending", done: "admin.order.moved.pending" },
  processing: { button: "admin.order.move.processing", done: "admin.order.moved.processing" },
  shipped: { button: "admin.order.move.shipped", done: "admin.order.moved.shipped" },
  delivered: { button: "admin.order.move.delivered", done: "admin.order.moved.delivered" },
  completed: { button: "admin.order.move.completed", done: "admin.order.moved.completed" },
  cancelled: { button: "admin.orders.cancelOrder", done: "admin.order.moved.cancelled" },
};

/** A status move (through the one move flow: stock, mail, audit) or a note; back to the order with a toast. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const staff = auditActor(context, user);
  const form = await request.formData();
  const submission = readIntent(form);
  const here = pageAddress(request);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  try {
    if (submission.intent === "note") {
      const note = await context.services.ordersAdmin.addNote(staff, params.id, {
        text: text("text") ?? "",
        visibleToCustomer: text("visibleToCustomer") ?? false,
      });
      return redirectWithToast(here, {
        kind: "success",
        message: note.visibleToCustomer ? adminT("admin.order.toast.noteSent") : adminT("admin.order.toast.noteAdded"),
      });
    }
    const status = submission.intent === "cancelled" ? "cancelled" : text("status");
    if (!isOrderStatus(status)) throw new AppError("invalid_input", adminT("admin.order.chooseMove"));
    if (status === "cancelled") requireConfirmed(submission, adminT("admin.order.cancelling"));
    await context.services.orderMoves.transition(params.id, status, "shop", {
      note: text("note"),
      courier: text("courier"),
      trackingNumber: text("trackingNumber"),
      staff,
    });
    return redirectWithToast(here, { kind: "success", message: adminT(MOVES[status].done), description: adminT("admin.order.toast.mailed") });
  } catch (err) {
    if (err instanceof AppError && err.code === "conflict")
      return redirectWithToast(here, { kind: "error", message: adminT("admin.order.toast.notChanged"), description: err.message });
    return formFailure(err, form);
  }
}

/** The order desk's view of one order: what to do next, the lines, the customer, the payment, the timeline and notes. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, couriers, returns } = loaderData;
  const money = useOrderMoney();
  const paymentLabel = usePaymentStatusLabel();
  const currency = order.totals.currency;
  const t = useT();
  const richT = useRichT();
  return (
    <div className="mx-auto max-w-6xl" data-testid="admin-order">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {richT("admin.order.title", { number: <span className="font-mono">{order.number}</span> })}
            <StatusBadge status={order.status} />
          </span>
        }
        description={
          <>
            {t("admin.order.placed")} <LocalDate iso={order.createdAt} withTime /> · {money(order.totals.orderTotal, currency)} ·{" "}
            {PAYMENT_METHOD_LABEL[order.paymentMethod]}, {lowerFirst(paymentLabel({ ...order, ...order.totals }))}
          </>
        }
        actions={
          <>
            <a href={`/admin-dashboard/orders/print?ids=${order.id}&doc=slip`} target="_blank" rel="noopener" className={buttonClass("secondary", "sm")}>
              {t("admin.order.slip")}
              <span className="sr-only"> {t("admin.order.newTab")}</span>
            </a>
            <a href={`/admin-dashboard/orders/print?ids=${order.id}&doc=invoice`} target="_blank" rel="noopener" className={buttonClass("secondary", "sm")}>
              {t("admin.order.invoice")}
              <span className="sr-only"> {t("admin.order.newTab")}</span>
            </a>
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <NextSteps order={order} couriers={couriers} />

          <Card title={t("admin.order.items", { count: order.lines.reduce((n, l) => n + l.quantity, 0) })} id="order-items">
            <LineList lines={order.lines} currency={currency} />
            <div className="mt-3 border-t border-stone-200 pt-4">
              <OrderTotalsList order={order} />
            </div>
          </Card>

          <div className="space-y-3">
            <ReturnsPanel data={returns} />
            {returns.refundable > 0 && <RefundDialog data={returns} />}
          </div>

          <Card title={t("admin.orders.timeline")} id="order-timeline">
            <Timeline entries={order.timeline} />
            <NoteForm key={order.timeline.length} />
          </Card>
        </div>

        <aside className="space-y-6" aria-label={t("admin.orders.customerAndPayment")}>
          <Card title={t("admin.nav.customer")} id="order-customer">
            <dl className="space-y-3 text-sm text-stone-800">
              <div>
                <dt className="sr-only">{t("admin.products.table.name")}</dt>
                <dd className="font-semibold text-stone-900">
                  {order.contact.name}
                  {order.userId ? (
                    <Link to={`/admin-dashboard/users/${order.userId}`} className="ml-2 text-xs font-normal text-amber-800 underline underline-offset-2">
                      {t("admin.order.account")}
                    </Link>
                  ) : (
                    <span className="ml-2 text-xs font-normal text-stone-600">{t("admin.order.guest")}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="sr-only">{t("admin.order.email")}</dt>
                <dd className="break-all">
                  <a href={`mailto:${order.contact.email}`} className="underline underline-offset-2">
                    {order.contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="sr-only">{t("admin.order.phone")}</dt>
                <dd>
                  <a href={`tel:${order.contact.phone.replace(/[^\d+]/g, "")}`} className="underline underline-offset-2">
                    {order.contact.phone}
                  </a>
                </dd>
              </div>
              {(order.company || order.vatNumber) && (
                <div>
                  <dt className="font-semibold text-stone-900">{t("admin.order.business")}</dt>
                  <dd className="mt-1" data-testid="order-business">
                    <BuyerFacts order={order} />
                  </dd>
                </div>
              )}
              {order.giftCardPurchase && (
                <div>
                  <dt className="font-semibold text-stone-900">{t("admin.order.giftCard")}</dt>
                  <dd className="mt-1" data-testid="order-gift-card">
                    <GiftCardPurchaseFacts order={order} />
                    {order.giftCardPurchase.recipient.message && (
                      <span className="mt-1 block whitespace-pre-line text-stone-600">“{order.giftCardPurchase.recipient.message}”</span>
                    )}
                  </dd>
                </div>
              )}
              <div>
                <dt className="font-semibold text-stone-900">{t("admin.order.deliveryAddress")}</dt>
                <dd className="mt-1">
                  <AddressLines address={order.address} />
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-stone-900">{t("admin.settings.section.shipping")}</dt>
                <dd className="mt-1">{order.shippingMethod.name}</dd>
              </div>
              {order.tracking && (
                <div>
                  <dt className="font-semibold text-stone-900">{t("admin.order.tracking")}</dt>
                  <dd className="mt-1" data-testid="admin-order-tracking">
                    <Tracking tracking={order.tracking} />
                  </dd>
                </div>
              )}
              {order.notes && (
                <div>
                  <dt className="font-semibold text-stone-900">{t("admin.order.customerNote")}</dt>
                  <dd className="mt-1 whitespace-pre-line">{order.notes}</dd>
                </div>
              )}
            </dl>
          </Card>

          <Card title={t("admin.orders.payment")} id="order-payment">
            <dl className="space-y-3 text-sm text-stone-800">
              <div>
                <dt className="font-semibold text-stone-900">{t("admin.order.method")}</dt>
                <dd className="mt-1">{PAYMENT_METHOD_LABEL[order.paymentMethod]}</dd>
              </div>
              <div>
                <dt className="font-semibold text-stone-900">{t("admin.products.table.status")}</dt>
                <dd className="mt-1" data-testid="admin-order-payment-status">
                  {paymentLabel({ ...order, ...order.totals })}
                </dd>
              </div>
              {order.paymentIntentId && (
                <div>
                  <dt className="font-semibold text-stone-900">{t("admin.order.stripe")}</dt>
                  <dd className="mt-1">
                    <a
                      href={`https://dashboard.stripe.com/payments/${encodeURIComponent(order.paymentIntentId)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-mono break-all text-amber-800 underline underline-offset-2"
                    >
                      {order.paymentIntentId}
                      <span className="sr-only"> {t("admin.order.inStripe")}</span>
                    </a>
                  </dd>
                </div>
              )}
            </dl>
          </Card>
        </aside>
      </div>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * The moves the status table allows from here, as buttons: shipping asks for the courier and the
 * tracking number, a cancellation asks to confirm; every move may carry a note for the timeline.
 */
function NextSteps({ order, couriers }: { order: AdminOrder; couriers: Array<{ value: string; label: string }> }) {
  const moves = order.allowedTransitions;
  // Its own fetcher, so a refused shipment shows its errors here and not in the note form (made
  // before any early return: every render calls the same hooks).
  const t = useT();
  const ship = useBackgroundFetcher(t("admin.order.shipFailed"));
  if (moves.length === 0) {
    return (
      <p className="rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm text-stone-700" data-testid="order-no-moves">
        {order.status === "cancelled" ? t("admin.order.cancelledDone") : t("admin.order.nothingLeft", { status: STATUS_LABEL[order.status].toLowerCase() })}
      </p>
    );
  }
  const plain = moves.filter((m) => m !== "shipped" && m !== "cancelled");
  return (
    <section aria-labelledby="next-steps" className="rounded-xl border border-amber-200 bg-amber-50/60 p-4 sm:p-6" data-testid="order-moves">
      <h2 id="next-steps" className="text-lg font-semibold text-stone-900">
        {t("admin.order.nextStep")}
      </h2>
      {moves.includes("shipped") ? (
        <AdminForm fetcher={ship} method="post" idPrefix="ship" className="mt-3 space-y-4" aria-label={t("admin.orders.shipTheOrder")}>
          <FormErrorSummary title={t("admin.orders.theOrderWasNot")} />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="status" value="shipped" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelect
              name="courier"
              label={t("admin.orders.courier")}
              required
              options={[{ value: "", label: t("admin.order.chooseCourier") }, ...couriers]}
            />
            <FormText name="trackingNumber" label={t("admin.orders.trackingNumber")} required maxLength={100} autoComplete="off" />
          </div>
          <FormText name="note" label={t("admin.orders.noteForTheTimeline")} maxLength={1000} hint={t("admin.orders.optionalOnlyTheStaff")} />
          <div className="flex flex-wrap items-center gap-3">
            <FormSubmit busyLabel={t("admin.orders.shipping")}>{t("admin.order.move.shipped")}</FormSubmit>
            <span className="text-sm text-stone-700">{t("admin.order.shipMail")}</span>
          </div>
        </AdminForm>
      ) : null}
      {(plain.length > 0 || moves.includes("cancelled")) && (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-2" aria-label={t("admin.orders.moveTheOrder")}>
          <input type="hidden" name="intent" value="move" />
          {plain.map((to) => (
            <button key={to} type="submit" name="status" value={to} className={buttonClass("primary", "sm")}>
              {t(MOVES[to].button)}
            </button>
          ))}
          {moves.includes("cancelled") && (
            <ConfirmButton
              value="cancelled"
              title={t("admin.order.cancelTitle", { number: order.number })}
              body={
                order.paymentStatus === "paid" && order.paymentMethod === "card"
                  ? t("admin.order.cancelBodyRefund", { name: order.contact.name })
                  : t("admin.order.cancelBody", { name: order.contact.name })
              }
              confirmLabel={t("admin.orders.cancelOrder")}
              cancelLabel={t("admin.orders.keepOrder")}
              className={buttonClass("danger", "sm")}
            >
              {t("admin.orders.cancelOrder")}
            </ConfirmButton>
          )}
        </Form>
      )}
    </section>
  );
}

/** "Partly refunded · US$20.00" → "partly refunded · US$20.00": only the first letter, so currency codes keep their case. */
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const ACTOR: Record<string, MessageKey> = { customer: "admin.order.actor.customer", shop: "admin.order.actor.shop", system: "admin.order.actor.system" };

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const t = useT();
  return (
    <ol className="space-y-3" data-testid="order-timeline">
      {[...entries].reverse().map((e) =>
        e.kind === "status" ? (
          <li key={`s-${e.at}-${e.status}`} className="flex gap-3 text-sm" data-testid="timeline-entry">
            <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-stone-400" />
            <div className="min-w-0">
              <p className="text-stone-900">
                <span className="font-semibold">{e.status === "pending" ? t("admin.order.placedEntry") : STATUS_LABEL[e.status]}</span>{" "}
                {t("admin.order.by", { who: e.by ?? (ACTOR[e.actor] ? t(ACTOR[e.actor]!) : e.actor) })}
              </p>
              {e.note && <p className="whitespace-pre-line text-stone-700">{e.note}</p>}
              <p className="text-xs text-stone-600">
                <LocalDate iso={e.at} withTime />
              </p>
            </div>
          </li>
        ) : (
          <li
            key={`n-${e.id}`}
            className={`rounded-lg border p-3 text-sm ${e.visibleToCustomer ? "border-sky-200 bg-sky-50" : "border-stone-200 bg-stone-50"}`}
            data-testid="timeline-note"
          >
            <p className="text-xs font-semibold text-stone-700">
              {e.visibleToCustomer ? t("admin.order.sentBy", { who: e.by }) : t("admin.order.internalBy", { who: e.by })}
            </p>
            <p className="mt-1 whitespace-pre-line text-stone-900">{e.text}</p>
            <p className="mt-1 text-xs text-stone-600">
              <LocalDate iso={e.at} withTime />
            </p>
          </li>
        ),
      )}
    </ol>
  );
}

function NoteForm() {
  const t = useT();
  const note = useBackgroundFetcher(t("admin.order.noteFailed"));
  return (
    <AdminForm fetcher={note} method="post" idPrefix="note" className="mt-5 space-y-3 border-t border-stone-200 pt-4">
      <FormErrorSummary title={t("admin.orders.theNoteWasNot")} />
      <input type="hidden" name="intent" value="note" />
      <FormTextarea name="text" label={t("admin.orders.addANote")} rows={3} maxLength={2000} required />
      <FormCheckbox name="visibleToCustomer" value="true" label={t("admin.orders.sendToTheCustomer")} hint={t("admin.orders.mailedToThemAnd")} />
      <FormSubmit busyLabel={t("admin.webhooks.adding")}>{t("admin.order.addNote")}</FormSubmit>
    </AdminForm>
  );
}
