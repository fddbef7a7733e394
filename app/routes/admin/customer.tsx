import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { Form, Link, data, useNavigation } from "react-router";
import { AuditHistory } from "~/components/admin/audit-history";
import { BAN_LENGTHS, ROLE_TEXT, deviceName } from "~/components/admin/customer";
import { ConfirmButton } from "~/components/admin/dialog";
import { auditActor, formFailure, readIntent, requireConfirmed } from "~/components/admin/form-result.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, StatusBadge, buttonClass } from "~/components/admin/ui";
import { STATUS_BADGE, STATUS_LABEL } from "~/components/orders/order-status";
import { LocalDate } from "~/components/orders/order-view";
import { useMoney } from "~/lib/shop";
import { requireAdminScreen } from "~/lib/auth.server";
import { pageAddress } from "~/lib/page-address.server";
import { PERMISSIONS, PERMISSION_LABELS, ROLES, type Permission, type Role, can } from "#common/auth/permissions";
import { AppError } from "#common/errors";
import type { AdminHandle } from "~/components/admin/admin-nav";
import type { Route } from "./+types/customer";
import { adminMeta } from "./admin-meta";

const HISTORY_SIZE = 10;

/** One account with its figures, addresses, orders, signed-in devices and latest history. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireAdminScreen(context, request);
  const { audit } = context.services;
  const customer = await context.services.customers.get(params.id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "not_found")
      throw data({ message: adminT("admin.customer.notFound") }, { status: 404, statusText: "Not Found" });
    throw err;
  });
  const history = await audit.list({ entity: "user", entityId: params.id, pageSize: HISTORY_SIZE });
  return { customer, history: history.entries, historyTotal: history.total, isAdmin: can(user, "admin"), isSelf: user.id === params.id };
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = { breadcrumb: (d) => d?.customer.account.name || d?.customer.account.email };

/** Changes the role (administrators only), bans or unbans, signs a device out, or deletes the account once confirmed; every write is audited by the users service. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const actor = { ...auditActor(context, user), role: user.role };
  const { users } = context.services;
  const form = await request.formData();
  const submission = readIntent(form);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  try {
    switch (submission.intent) {
      case "role": {
        if (!can(user, "admin")) throw new AppError("forbidden", adminT("admin.customer.onlyAdminRoles"));
        const role = text("role") as Role;
        if (!(ROLES as readonly string[]).includes(role))
          throw new AppError("invalid_input", adminT("admin.customer.chooseRole"), { role: adminT("admin.customer.chooseRoleField") });
        const permissions = form.getAll("permissions").filter((p): p is Permission => typeof p === "string" && (PERMISSIONS as readonly string[]).includes(p));
        const after = await users.setRole(actor, params.id, role, permissions);
        return redirectWithToast(pageAddress(request), {
          kind: "success",
          message: adminT("admin.customer.toast.roleSaved"),
          description: adminT("admin.customer.toast.roleNow", { email: after.email, role: adminT(ROLE_TEXT[after.role].lower) }),
        });
      }
      case "ban": {
        const reason = text("reason");
        if (reason.length > 200)
          throw new AppError("invalid_input", adminT("admin.customer.reasonTooLong"), { reason: adminT("admin.customer.reasonTooLongField") });
        const days = text("days") ? Number(text("days")) : undefined;
        if (days !== undefined && !BAN_LENGTHS.some((b) => b.value === String(days)))
          throw new AppError("invalid_input", adminT("admin.customer.chooseLength"), { days: adminT("admin.customer.chooseLengthField") });
        await users.ban(actor, params.id, { reason: reason || undefined, days });
        return redirectWithToast(pageAddress(request), {
          kind: "success",
          message: adminT("admin.users.banned"),
          description: adminT("admin.customer.toast.bannedText"),
        });
      }
      case "unban":
        await users.unban(actor, params.id);
        return redirectWithToast(pageAddress(request), { kind: "success", message: adminT("admin.customer.toast.unbanned") });
      case "revoke":
        await users.revokeSession(actor, params.id, text("sessionId"));
        return redirectWithToast(pageAddress(request), { kind: "success", message: adminT("admin.customer.toast.revoked") });
      case "delete": {
        requireConfirmed(submission, adminT("admin.customer.deleting"));
        const { ordersKept } = await context.services.customers.delete(actor, params.id);
        const kept = ordersKept ? adminT("admin.customer.toast.ordersKept", { count: ordersKept }) : undefined;
        return redirectWithToast("/admin-dashboard/users", { kind: "success", message: adminT("admin.customer.toast.deleted"), description: kept });
      }
      default:
        throw new AppError("invalid_input", adminT("admin.products.bulk.chooseAction"));
    }
  } catch (err) {
    return formFailure(err, form);
  }
}

const card = "rounded-xl border border-stone-200 bg-white p-5 shadow-sm";
const h2 = "text-lg font-semibold text-stone-900";

/** The customer page: profile and figures, orders, addresses, devices, role, ban, export, delete and history. */
export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, history, historyTotal, isAdmin, isSelf } = loaderData;
  const { account, stats, addresses, orders, sessions, lastSignInAt } = customer;
  const money = useMoney();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failure = actionData && "error" in actionData ? actionData.error : null;
  const role = ROLE_TEXT[account.role];
  const t = useT();
  const title = account.name || account.email;
  // The users module refuses these anyway (403); the page does not offer them.
  const mayManage = !isSelf && (isAdmin || account.role === "customer");

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{account.email}</span>
            <StatusBadge tone={role.tone}>{t(role.label)}</StatusBadge>
            {account.emailVerified ? (
              <StatusBadge tone="success">{t("admin.customer.emailConfirmed")}</StatusBadge>
            ) : (
              <StatusBadge tone="warning">{t("admin.customer.emailUnconfirmed")}</StatusBadge>
            )}
            {account.banned && <StatusBadge tone="danger">{t("admin.users.banned")}</StatusBadge>}
          </span>
        }
        actions={
          <>
            <a href={`/api/admin/users/${encodeURIComponent(account.id)}/export`} download className={buttonClass("secondary")} data-testid="export-json">
              {t("admin.customer.export")}
            </a>
            {mayManage && (
              <Form method="post">
                <ConfirmButton
                  value="delete"
                  className={buttonClass("danger")}
                  title={t("admin.customer.deleteTitle", { name: title })}
                  body={
                    <>
                      {t("admin.customer.deleteBody")}{" "}
                      {stats.orders > 0 ? t("admin.customer.deleteOrders", { count: stats.orders }) : t("admin.customer.noOrders")}
                    </>
                  }
                  confirmLabel={t("admin.people.deleteTheAccount")}
                >
                  {t("admin.customer.delete")}
                </ConfirmButton>
              </Form>
            )}
          </>
        }
      />
      {failure && (
        <p role="alert" className="mb-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="customer-error">
          {failure.message}
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="profile-title" className={card}>
            <h2 id="profile-title" className={h2}>
              {t("admin.customer.profile")}
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-stone-600">{t("admin.nav.orders")}</dt>
                <dd className="text-lg font-semibold tabular-nums text-stone-900" data-testid="customer-orders">
                  {stats.orders}
                </dd>
              </div>
              <div>
                <dt className="text-stone-600">{t("admin.users.totalSpent")}</dt>
                <dd className="text-lg font-semibold tabular-nums text-stone-900">{money(stats.totalSpent)}</dd>
              </div>
              <div>
                <dt className="text-stone-600">{t("admin.users.joined")}</dt>
                <dd className="text-stone-900">
                  <LocalDate iso={account.createdAt} />
                </dd>
              </div>
              <div>
                <dt className="text-stone-600">{t("admin.users.lastSignIn")}</dt>
                <dd className="text-stone-900">{lastSignInAt ? <LocalDate iso={lastSignInAt} withTime /> : t("admin.users.never")}</dd>
              </div>
            </dl>
            {account.banned && (
              <p className="mt-4 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900">
                {account.banReason ? t("admin.customer.bannedFor", { reason: account.banReason }) : t("admin.customer.bannedPlain")}{" "}
                {account.banExpires ? (
                  <>
                    {t("admin.banners.untilStart")} <LocalDate iso={account.banExpires} withTime />.
                  </>
                ) : (
                  t("admin.customer.untilLifted")
                )}
              </p>
            )}
          </section>

          <section aria-labelledby="orders-title" className={card}>
            <h2 id="orders-title" className={h2}>
              {t("admin.nav.orders")}
            </h2>
            {orders.length === 0 ? (
              <p className="mt-2 text-sm text-stone-700">{t("admin.customer.noOrdersYet")}</p>
            ) : (
              <ul className="mt-3 divide-y divide-stone-200" data-testid="customer-order-list">
                {orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 text-sm">
                    <span className="min-w-0">
                      <Link to={`/admin-dashboard/orders/${encodeURIComponent(o.id)}`} className="font-semibold text-stone-900 underline underline-offset-4">
                        {o.number}
                      </Link>
                      <span className="block text-stone-600">
                        <LocalDate iso={o.createdAt} /> · {t("admin.customer.items", { count: o.itemCount })}
                      </span>
                    </span>
                    <span className="flex items-center gap-3">
                      <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_BADGE[o.status]}`}>
                        {STATUS_LABEL[o.status]}
                      </span>
                      <span className="font-semibold tabular-nums text-stone-900">{money(o.total)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="addresses-title" className={card}>
            <h2 id="addresses-title" className={h2}>
              {t("admin.customer.addresses")}
            </h2>
            {addresses.length === 0 ? (
              <p className="mt-2 text-sm text-stone-700">{t("admin.customer.noAddresses")}</p>
            ) : (
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {addresses.map((a) => (
                  <li key={a.id} className="rounded-lg border border-stone-200 p-3 text-sm text-stone-800">
                    <p className="font-semibold text-stone-900">
                      {a.name} {a.isDefault && <StatusBadge className="ml-1">{t("admin.customer.default")}</StatusBadge>}
                    </p>
                    <p>{a.line1}</p>
                    {a.line2 && <p>{a.line2}</p>}
                    <p>{[a.postalCode, a.city, a.region].filter(Boolean).join(" ")}</p>
                    <p>{a.country}</p>
                    <p className="mt-1 text-stone-600">{a.phone}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="sessions-title" className={card}>
            <h2 id="sessions-title" className={h2}>
              {t("admin.customer.devices")}
            </h2>
            {sessions.length === 0 ? (
              <p className="mt-2 text-sm text-stone-700">{t("admin.customer.noDevices")}</p>
            ) : (
              <ul className="mt-3 divide-y divide-stone-200" data-testid="session-list">
                {sessions.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                    <span className="min-w-0">
                      <span className="block font-medium text-stone-900">{deviceName(s.userAgent, t)}</span>
                      <span className="block text-stone-600">
                        {s.ipAddress ? `${s.ipAddress} · ` : ""}
                        {t("admin.customer.active")} <LocalDate iso={s.lastActiveAt} withTime />
                      </span>
                    </span>
                    {(isSelf || mayManage) && (
                      <Form method="post">
                        <input type="hidden" name="sessionId" value={s.id} />
                        <button type="submit" name="intent" value="revoke" disabled={busy} className={buttonClass("secondary", "sm")}>
                          {t("admin.customer.signOut")}
                          <span className="sr-only"> {deviceName(s.userAgent, t)}</span>
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="role-title" className={card}>
            <h2 id="role-title" className={h2}>
              {t("admin.customer.roleTitle")}
            </h2>
            {isAdmin && !isSelf ? (
              <Form method="post" className="mt-3 space-y-3">
                <fieldset>
                  <legend className="text-sm font-medium text-stone-900">{t("admin.users.role")}</legend>
                  <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                    {ROLES.map((r) => (
                      <label key={r} className="inline-flex items-center gap-2 text-sm text-stone-800">
                        <input type="radio" name="role" value={r} defaultChecked={account.role === r} className="size-4 accent-stone-900" />
                        {t(ROLE_TEXT[r].label)}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <fieldset>
                  <legend className="text-sm font-medium text-stone-900">{t("admin.customer.permissions")}</legend>
                  <div className="mt-1 space-y-1">
                    {PERMISSIONS.map((p) => (
                      <label key={p} className="flex items-start gap-2 text-sm text-stone-800">
                        <input
                          type="checkbox"
                          name="permissions"
                          value={p}
                          defaultChecked={account.role === "staff" && account.permissions.includes(p)}
                          className="mt-0.5 size-4 shrink-0 accent-stone-900"
                        />
                        {PERMISSION_LABELS[p]}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <button type="submit" name="intent" value="role" disabled={busy} className={buttonClass("primary", "sm")}>
                  {t("admin.customer.saveRole")}
                </button>
              </Form>
            ) : (
              <div className="mt-2 text-sm text-stone-700">
                <p>
                  {t(role.label)}
                  {account.role === "staff" && `: ${account.permissions.length ? account.permissions.join(", ") : t("admin.customer.noPermissions")}`}
                </p>
                <p className="mt-1 text-stone-600">{isSelf ? t("admin.customer.ownRole") : t("admin.customer.onlyAdminRoles")}</p>
              </div>
            )}
          </section>

          <section aria-labelledby="ban-title" className={card}>
            <h2 id="ban-title" className={h2}>
              {t("admin.users.ban")}
            </h2>
            {!mayManage ? (
              <p className="mt-2 text-sm text-stone-700">{isSelf ? t("admin.customer.banSelf") : t("admin.customer.banStaff")}</p>
            ) : account.banned ? (
              <Form method="post" className="mt-3">
                <p className="text-sm text-stone-700">{account.banExpires ? t("admin.customer.cannotSignInUntil") : t("admin.customer.cannotSignIn")}</p>
                <button type="submit" name="intent" value="unban" disabled={busy} className={`${buttonClass("secondary", "sm")} mt-3`}>
                  {t("admin.customer.lift")}
                </button>
              </Form>
            ) : (
              <Form method="post" className="mt-3 space-y-3">
                <div>
                  <label htmlFor="ban-reason" className="block text-sm font-medium text-stone-900">
                    {t("admin.customer.reason")} <span className="font-normal text-stone-600">{t("admin.customer.reasonHint")}</span>
                  </label>
                  <input
                    id="ban-reason"
                    name="reason"
                    maxLength={200}
                    aria-invalid={failure?.fields?.reason ? true : undefined}
                    className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-sm focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20"
                  />
                </div>
                <div>
                  <label htmlFor="ban-days" className="block text-sm font-medium text-stone-900">
                    {t("admin.customer.length")}
                  </label>
                  <select
                    id="ban-days"
                    name="days"
                    className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20"
                  >
                    {BAN_LENGTHS.map((b) => (
                      <option key={b.value} value={b.value}>
                        {t(b.label)}
                      </option>
                    ))}
                  </select>
                </div>
                <p className="text-xs text-stone-600">{t("admin.customer.banHint")}</p>
                <button type="submit" name="intent" value="ban" disabled={busy} className={buttonClass("danger", "sm")}>
                  {t("admin.users.ban")}
                </button>
              </Form>
            )}
          </section>

          <AuditHistory
            entries={history}
            moreHref={
              isAdmin && historyTotal > history.length ? `/admin-dashboard/audit-log?entity=user&entityId=${encodeURIComponent(account.id)}` : undefined
            }
          />
        </aside>
      </div>
    </div>
  );
}
