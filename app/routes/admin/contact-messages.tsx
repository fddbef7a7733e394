import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { Link } from "react-router";
import { type BulkAction, type Column, DataTable } from "~/components/admin/data-table";
import { auditActor, formFailure, readBulkAction, requireConfirmed } from "~/components/admin/form-result.server";
import { MESSAGE_STATUS_TEXT } from "~/components/admin/message-status";
import { StatusTabs } from "~/components/admin/status-tabs";
import { parseTableQuery } from "~/components/admin/table-query.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, StatusBadge } from "~/components/admin/ui";
import { LocalDate } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { pageAddress } from "~/lib/page-address.server";
import { AppError } from "#common/errors";
import type { ContactMessageRow } from "#modules/content";
import { MESSAGE_STATUSES, type MessageStatus, isMessageStatus } from "#common/content/messages.schema";
import type { Route } from "./+types/contact-messages";

const PAGE_SIZE = 50;
/** The tab that lists every status. */
const ALL = "all";

/** One page (50) of the messages of the tab in the URL (New by default), newest first, with each tab's count for the search. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const query = parseTableQuery(request, { sorts: [], filters: { status: [...MESSAGE_STATUSES, ALL] }, pageSize: PAGE_SIZE });
  const tab = (query.filters.status ?? "new") as MessageStatus | typeof ALL;
  const list = await context.services.messages.listMessages({ status: tab === ALL ? undefined : tab, q: query.q, page: query.page, pageSize: query.pageSize });
  // The tab is not a filter to clear: only the search narrows the list.
  return { messages: list.data, total: list.meta.total, counts: list.meta.counts, tab, query: { ...query, narrowed: Boolean(query.q) } };
}

/** What a bulk move did to the messages, by their new status. */
const DONE: Record<MessageStatus, MessageKey> = {
  new: "admin.messages.done.new",
  read: "admin.messages.done.read",
  archived: "admin.messages.done.archived",
  spam: "admin.messages.done.spam",
};

/** A bulk action on the selected messages (mark read or unread, archive, spam, delete), then back to the same list with what it did. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const actor = auditActor(context, user);
  const { intent, ids, confirmed } = readBulkAction(await request.formData());
  try {
    if (!ids.length) throw new AppError("invalid_input", adminT("admin.messages.selectFirst"));
    if (intent === "delete") {
      requireConfirmed({ confirmed }, adminT("admin.messages.deleting"));
      const { deleted } = await context.services.messages.deleteMessages(actor, ids);
      return redirectWithToast(pageAddress(request), { kind: "success", message: adminT("admin.messages.toast.deleted", { count: deleted }) });
    }
    if (!isMessageStatus(intent)) throw new AppError("invalid_input", adminT("admin.products.bulk.chooseAction"));
    const { changed, unchanged } = await context.services.messages.setStatuses(actor, ids, intent);
    return redirectWithToast(pageAddress(request), {
      kind: "success",
      message: adminT(DONE[intent], { count: changed }),
      description: unchanged ? adminT("admin.messages.toast.alreadySo", { count: unchanged }) : undefined,
    });
  } catch (err) {
    return formFailure(err);
  }
}

const bulkActions = (t: Translate): BulkAction[] => [
  { intent: "read", label: t("admin.messages.markRead") },
  { intent: "new", label: t("admin.messages.markUnread") },
  { intent: "archived", label: t("admin.messages.archive") },
  { intent: "spam", label: t("admin.messages.status.spam") },
  {
    intent: "delete",
    label: t("admin.products.bulk.delete"),
    confirm: (count) => ({
      title: count === null ? t("admin.messages.deleteSelected") : t("admin.messages.deleteTitle", { count }),
      body: t("admin.messages.deleteBody"),
      confirmLabel: count === null ? t("admin.products.bulk.deleteThem") : t("admin.messages.deleteCount", { count }),
    }),
  },
];

/** Where one message opens. */
const messageHref = (m: ContactMessageRow) => `/admin-dashboard/contact-messages/${encodeURIComponent(m.id)}`;

/** The message's status badge, and whether it was replied to. */
function StatusCell({ message: m }: { message: ContactMessageRow }) {
  const t = useT();
  return (
    <>
      <StatusBadge tone={MESSAGE_STATUS_TEXT[m.status].tone}>{t(MESSAGE_STATUS_TEXT[m.status].label)}</StatusBadge>
      {m.replyCount > 0 && (
        <span className="text-xs whitespace-nowrap text-stone-700">
          {m.replyCount === 1 ? t("admin.messages.replied") : t("admin.messages.replies", { count: m.replyCount })}
        </span>
      )}
    </>
  );
}

const columnsFor = (t: Translate): Column<ContactMessageRow>[] => [
  {
    key: "from",
    header: t("admin.bulk.fromTitle"),
    rowHeader: true,
    className: "sm:min-w-[11rem] sm:max-w-[16rem]",
    cell: (m) => (
      <span className="relative block">
        <Link
          to={messageHref(m)}
          className={`break-words text-stone-900 underline-offset-4 hover:underline ${m.status === "new" ? "font-bold" : "font-medium"}`}
        >
          {m.name}
          {m.status === "new" && <span className="sr-only"> {t("admin.messages.newParen")}</span>}
        </Link>
        <span className="mt-0.5 block break-all text-xs font-normal text-stone-600">{m.email}</span>
        {/* On phones the other columns are left out: the subject, status and date show here. */}
        <span className="mt-1 block text-sm font-normal text-stone-800 sm:hidden">{m.subject || t("admin.messages.noSubject")}</span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-stone-700 sm:hidden">
          <StatusCell message={m} />
          <LocalDate iso={m.createdAt} withTime />
        </span>
      </span>
    ),
  },
  {
    key: "message",
    header: t("admin.nav.message"),
    className: "hidden min-w-[16rem] sm:table-cell",
    cell: (m) => (
      <>
        <span className={`block text-stone-900 ${m.status === "new" ? "font-semibold" : ""}`}>{m.subject || t("admin.messages.noSubject")}</span>
        <span className="mt-0.5 line-clamp-2 block text-stone-600">{m.preview}</span>
      </>
    ),
  },
  {
    key: "status",
    header: t("admin.products.table.status"),
    className: "hidden sm:table-cell",
    cell: (m) => (
      <span className="flex flex-col items-start gap-1">
        <StatusCell message={m} />
      </span>
    ),
  },
  {
    key: "received",
    header: t("admin.messages.received"),
    className: "hidden whitespace-nowrap sm:table-cell",
    cell: (m) => <LocalDate iso={m.createdAt} withTime />,
  },
];

/** The contact messages' inbox: status tabs with counts, a search, the list and its bulk actions. */
export default function ContactMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, total, counts, tab, query } = loaderData;
  const failure = actionData && "error" in actionData ? actionData.error : null;
  const all = MESSAGE_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const t = useT();
  const empty =
    tab === ALL
      ? { title: t("admin.messages.empty.all"), description: t("admin.messages.empty.allText") }
      : { title: t(MESSAGE_STATUS_TEXT[tab].empty.title), description: t(MESSAGE_STATUS_TEXT[tab].empty.description) };
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t("admin.nav.contactMessages")} description={t("admin.people.whatVisitorsSentThrough")} />
      <StatusTabs
        label={t("admin.people.messagesByStatus")}
        current={tab === "new" ? null : tab}
        tabs={[
          ...MESSAGE_STATUSES.map((s) => ({ value: s === "new" ? null : s, label: t(MESSAGE_STATUS_TEXT[s].label), count: counts[s] })),
          { value: ALL, label: t("admin.table.all"), count: all },
        ]}
      />
      {failure && (
        <p role="alert" className="mb-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="bulk-error">
          {failure.message}
        </p>
      )}
      <DataTable
        caption={tab === ALL ? t("admin.nav.contactMessages") : t(MESSAGE_STATUS_TEXT[tab].caption)}
        rows={messages}
        rowKey={(m) => m.id}
        rowLabel={(m) => (m.subject ? t("admin.messages.rowSubject", { name: m.name, subject: m.subject }) : t("admin.messages.row", { name: m.name }))}
        columns={columnsFor(t)}
        query={query}
        total={total}
        noun={{ one: t("admin.messages.noun.one"), other: t("admin.messages.noun.other") }}
        search={{ label: t("admin.messages.search"), placeholder: t("admin.messages.searchPlaceholder") }}
        bulkActions={bulkActions(t)}
        empty={empty}
        testId="messages-table"
        minWidth="min-w-0 sm:min-w-[36rem]"
      />
    </div>
  );
}
