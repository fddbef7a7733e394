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
import { AddressLines, LineList, LocalDate, StatusBadge, TotalsList, Tracking, useOrderMoney, usePaymentStatusLabel } from "~/components/orders/order-view";
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
export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = { breadcrumb: (d) => (d ? `Order ${d.order.number}` : undefined) };

/** What each move's button says, and the toast after it. */
const MOVES: Record<OrderStatus, { button: string; done: string }> = {
  pending: { button: "Back to pending", done: "Order is pending" },
  processing: { button: "Start preparing", done: "Order is being prepared" },
  shipped: { button: "Mark shipped", done: "Order shipped" },
  delivered: { button: "Mark delivered", done: "Order delivered" },
  completed: { button: "Mark completed", done: "Order completed" },
  cancelled: { button: "Cancel order", done: "Order cancelled" },
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
      return redirectWithToast(here, { kind: "success", message: note.visibleToCustomer ? "Note sent to the customer" : "Note added" });
    }
    const status = submission.intent === "cancelled" ? "cancelled" : text("status");
    if (!isOrderStatus(status)) throw new AppError("invalid_input", "Choose what to do with the order.");
    if (status === "cancelled") requireConfirmed(submission, "cancelling the order");
    await context.services.orderMoves.transition(params.id, status, "shop", {
      note: text("note"),
      courier: text("courier"),
      trackingNumber: text("trackingNumber"),
      staff,
    });
    return redirectWithToast(here, { kind: "success", message: MOVES[status].done, description: "The customer has been mailed." });
  } catch (err) {
    if (err instanceof AppError && err.code === "conflict")
      return redirectWithToast(here, { kind: "error", message: "The order was not changed", description: err.message });
    return formFailure(err, form);
  }
}

/** The order desk's view of one order: what to do next, the lines, the customer, the payment, the timeline and notes. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, couriers, returns } = loaderData;
  const money = useOrderMoney();
  const paymentLabel = usePaymentStatusLabel();
  const currency = order.totals.currency;
  return (
    <div className="mx-auto max-w-6xl" data-testid="admin-order">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Order <span className="font-mono">{order.number}</span>
            <StatusBadge status={order.status} />
          </span>
        }
        description={
          <>
            Placed <LocalDate iso={order.createdAt} withTime /> · {money(order.totals.total, currency)} · {PAYMENT_METHOD_LABEL[order.paymentMethod]},{" "}
            {lowerFirst(paymentLabel({ ...order, ...order.totals }))}
          </>
        }
        actions={
          <>
            <a href={`/admin-dashboard/orders/print?ids=${order.id}&doc=slip`} target="_blank" rel="noopener" className={buttonClass("secondary", "sm")}>
              Packing slip<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href={`/admin-dashboard/orders/print?ids=${order.id}&doc=invoice`} target="_blank" rel="noopener" className={buttonClass("secondary", "sm")}>
              Invoice<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <NextSteps order={order} couriers={couriers} />

          <Card title={`Items (${order.lines.reduce((n, l) => n + l.quantity, 0)})`} id="order-items">
            <LineList lines={order.lines} currency={currency} />
            <div className="mt-3 border-t border-stone-200 pt-4">
              <TotalsList totals={order.totals} shippingLabel={order.shippingMethod.name} />
            </div>
          </Card>

          <div className="space-y-3">
            <ReturnsPanel data={returns} />
            {returns.refundable > 0 && <RefundDialog data={returns} />}
          </div>

          <Card title="Timeline" id="order-timeline">
            <Timeline entries={order.timeline} />
            <NoteForm key={order.timeline.length} />
          </Card>
        </div>

        <aside className="space-y-6" aria-label="Customer and payment">
          <Card title="Customer" id="order-customer">
            <dl className="space-y-3 text-sm text-stone-800">
              <div>
                <dt className="sr-only">Name</dt>
                <dd className="font-semibold text-stone-900">
                  {order.contact.name}
                  {order.userId ? (
                    <Link to={`/admin-dashboard/users/${order.userId}`} className="ml-2 text-xs font-normal text-amber-800 underline underline-offset-2">
                      Account
                    </Link>
                  ) : (
                    <span className="ml-2 text-xs font-normal text-stone-600">Guest</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="sr-only">E-mail</dt>
                <dd className="break-all">
                  <a href={`mailto:${order.contact.email}`} className="underline underline-offset-2">
                    {order.contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="sr-only">Phone</dt>
                <dd>
                  <a href={`tel:${order.contact.phone.replace(/[^\d+]/g, "")}`} className="underline underline-offset-2">
                    {order.contact.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-stone-900">Delivery address</dt>
                <dd className="mt-1">
                  <AddressLines address={order.address} />
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-stone-900">Shipping</dt>
                <dd className="mt-1">{order.shippingMethod.name}</dd>
              </div>
              {order.tracking && (
                <div>
                  <dt className="font-semibold text-stone-900">Tracking</dt>
                  <dd className="mt-1" data-testid="admin-order-tracking">
                    <Tracking tracking={order.tracking} />
                  </dd>
                </div>
              )}
              {order.notes && (
                <div>
                  <dt className="font-semibold text-stone-900">Customer's note</dt>
                  <dd className="mt-1 whitespace-pre-line">{order.notes}</dd>
                </div>
              )}
            </dl>
          </Card>

          <Card title="Payment" id="order-payment">
            <dl className="space-y-3 text-sm text-stone-800">
              <div>
                <dt className="font-semibold text-stone-900">Method</dt>
                <dd className="mt-1">{PAYMENT_METHOD_LABEL[order.paymentMethod]}</dd>
              </div>
              <div>
                <dt className="font-semibold text-stone-900">Status</dt>
                <dd className="mt-1" data-testid="admin-order-payment-status">
                  {paymentLabel({ ...order, ...order.totals })}
                </dd>
              </div>
              {order.paymentIntentId && (
                <div>
                  <dt className="font-semibold text-stone-900">Stripe payment</dt>
                  <dd className="mt-1">
                    <a
                      href={`https://dashboard.stripe.com/payments/${encodeURIComponent(order.paymentIntentId)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-mono break-all text-amber-800 underline underline-offset-2"
                    >
                      {order.paymentIntentId}
                      <span className="sr-only"> in the Stripe dashboard (opens in a new tab)</span>
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
  const ship = useBackgroundFetcher("Failed to ship the order");
  if (moves.length === 0) {
    return (
      <p className="rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm text-stone-700" data-testid="order-no-moves">
        {order.status === "cancelled"
          ? "This order is cancelled; its items went back into stock."
          : `This order is ${STATUS_LABEL[order.status].toLowerCase()}: there is nothing left to do.`}
      </p>
    );
  }
  const plain = moves.filter((m) => m !== "shipped" && m !== "cancelled");
  return (
    <section aria-labelledby="next-steps" className="rounded-xl border border-amber-200 bg-amber-50/60 p-4 sm:p-6" data-testid="order-moves">
      <h2 id="next-steps" className="text-lg font-semibold text-stone-900">
        Next step
      </h2>
      {moves.includes("shipped") ? (
        <AdminForm fetcher={ship} method="post" idPrefix="ship" className="mt-3 space-y-4" aria-label="Ship the order">
          <FormErrorSummary title="The order was not shipped" />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="status" value="shipped" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelect name="courier" label="Courier" required options={[{ value: "", label: "Choose a courier" }, ...couriers]} />
            <FormText name="trackingNumber" label="Tracking number" required maxLength={100} autoComplete="off" />
          </div>
          <FormText name="note" label="Note for the timeline" maxLength={1000} hint="Optional; only the staff see it." />
          <div className="flex flex-wrap items-center gap-3">
            <FormSubmit busyLabel="Shipping…">Mark shipped</FormSubmit>
            <span className="text-sm text-stone-700">The customer gets a mail with the tracking link.</span>
          </div>
        </AdminForm>
      ) : null}
      {(plain.length > 0 || moves.includes("cancelled")) && (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-2" aria-label="Move the order">
          <input type="hidden" name="intent" value="move" />
          {plain.map((to) => (
            <button key={to} type="submit" name="status" value={to} className={buttonClass("primary", "sm")}>
              {MOVES[to].button}
            </button>
          ))}
          {moves.includes("cancelled") && (
            <ConfirmButton
              value="cancelled"
              title={`Cancel order ${order.number}?`}
              body={`Its items go back into stock and ${order.contact.name} gets a mail saying the order is cancelled.${order.paymentStatus === "paid" && order.paymentMethod === "card" ? " The card payment is refunded." : ""}`}
              confirmLabel="Cancel order"
              cancelLabel="Keep order"
              className={buttonClass("danger", "sm")}
            >
              Cancel order
            </ConfirmButton>
          )}
        </Form>
      )}
    </section>
  );
}

/** "Partly refunded · US$20.00" → "partly refunded · US$20.00": only the first letter, so currency codes keep their case. */
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const ACTOR: Record<string, string> = { customer: "the customer", shop: "the shop", system: "the shop's system" };

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="space-y-3" data-testid="order-timeline">
      {[...entries].reverse().map((e) =>
        e.kind === "status" ? (
          <li key={`s-${e.at}-${e.status}`} className="flex gap-3 text-sm" data-testid="timeline-entry">
            <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-stone-400" />
            <div className="min-w-0">
              <p className="text-stone-900">
                <span className="font-semibold">{e.status === "pending" ? "Order placed" : STATUS_LABEL[e.status]}</span> by {e.by ?? ACTOR[e.actor] ?? e.actor}
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
            <p className="text-xs font-semibold text-stone-700">{e.visibleToCustomer ? `Sent to the customer by ${e.by}` : `Internal note by ${e.by}`}</p>
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
  const note = useBackgroundFetcher("Failed to save the note");
  return (
    <AdminForm fetcher={note} method="post" idPrefix="note" className="mt-5 space-y-3 border-t border-stone-200 pt-4">
      <FormErrorSummary title="The note was not added" />
      <input type="hidden" name="intent" value="note" />
      <FormTextarea name="text" label="Add a note" rows={3} maxLength={2000} required />
      <FormCheckbox
        name="visibleToCustomer"
        value="true"
        label="Send to the customer"
        hint="Mailed to them and shown on their order; otherwise only the staff see it."
      />
      <FormSubmit busyLabel="Adding…">Add note</FormSubmit>
    </AdminForm>
  );
}
