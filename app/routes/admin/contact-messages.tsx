import { Link } from "react-router";
import { type BulkAction, type Column, DataTable } from "~/components/admin/data-table";
import { auditActor, formFailure, readBulkAction, requireConfirmed } from "~/components/admin/form-result.server";
import { MESSAGE_STATUS_TEXT } from "~/components/admin/messages/message-status";
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

const NOUN = (n: number) => `${n} ${n === 1 ? "message" : "messages"}`;
const DONE: Record<MessageStatus, string> = { new: "marked unread", read: "marked read", archived: "archived", spam: "moved to spam" };

/** A bulk action on the selected messages (mark read or unread, archive, spam, delete), then back to the same list with what it did. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const actor = auditActor(context, user);
  const { intent, ids, confirmed } = readBulkAction(await request.formData());
  try {
    if (!ids.length) throw new AppError("invalid_input", "Select the messages first.");
    if (intent === "delete") {
      requireConfirmed({ confirmed }, "deleting the messages");
      const { deleted } = await context.services.messages.deleteMessages(actor, ids);
      return redirectWithToast(pageAddress(request), { kind: "success", message: `${NOUN(deleted)} deleted` });
    }
    if (!isMessageStatus(intent)) throw new AppError("invalid_input", "Choose an action.");
    const { changed, unchanged } = await context.services.messages.setStatuses(actor, ids, intent);
    return redirectWithToast(pageAddress(request), {
      kind: "success",
      message: `${NOUN(changed)} ${DONE[intent]}`,
      description: unchanged ? `${NOUN(unchanged)} already so` : undefined,
    });
  } catch (err) {
    return formFailure(err);
  }
}

const BULK_ACTIONS: BulkAction[] = [
  { intent: "read", label: "Mark read" },
  { intent: "new", label: "Mark unread" },
  { intent: "archived", label: "Archive" },
  { intent: "spam", label: "Spam" },
  {
    intent: "delete",
    label: "Delete",
    confirm: (count) => ({
      title: count === null ? "Delete the selected messages?" : `Delete ${NOUN(count)}?`,
      body: "They and their replies are gone for good. To keep them out of the way instead, archive them.",
      confirmLabel: count === null ? "Delete them" : `Delete ${NOUN(count)}`,
    }),
  },
];

/** Where one message opens. */
const messageHref = (m: ContactMessageRow) => `/admin-dashboard/contact-messages/${encodeURIComponent(m.id)}`;

/** The message's status badge, and whether it was replied to. */
function StatusCell({ message: m }: { message: ContactMessageRow }) {
  return (
    <>
      <StatusBadge tone={MESSAGE_STATUS_TEXT[m.status].tone}>{MESSAGE_STATUS_TEXT[m.status].label}</StatusBadge>
      {m.replyCount > 0 && <span className="text-xs whitespace-nowrap text-stone-700">{m.replyCount === 1 ? "Replied" : `${m.replyCount} replies`}</span>}
    </>
  );
}

const columns: Column<ContactMessageRow>[] = [
  {
    key: "from",
    header: "From",
    rowHeader: true,
    className: "sm:min-w-[11rem] sm:max-w-[16rem]",
    cell: (m) => (
      <span className="relative block">
        <Link
          to={messageHref(m)}
          className={`break-words text-stone-900 underline-offset-4 hover:underline ${m.status === "new" ? "font-bold" : "font-medium"}`}
        >
          {m.name}
          {m.status === "new" && <span className="sr-only"> (new)</span>}
        </Link>
        <span className="mt-0.5 block break-all text-xs font-normal text-stone-600">{m.email}</span>
        {/* On phones the other columns are left out: the subject, status and date show here. */}
        <span className="mt-1 block text-sm font-normal text-stone-800 sm:hidden">{m.subject || "(no subject)"}</span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-stone-700 sm:hidden">
          <StatusCell message={m} />
          <LocalDate iso={m.createdAt} withTime />
        </span>
      </span>
    ),
  },
  {
    key: "message",
    header: "Message",
    className: "hidden min-w-[16rem] sm:table-cell",
    cell: (m) => (
      <>
        <span className={`block text-stone-900 ${m.status === "new" ? "font-semibold" : ""}`}>{m.subject || "(no subject)"}</span>
        <span className="mt-0.5 line-clamp-2 block text-stone-600">{m.preview}</span>
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    className: "hidden sm:table-cell",
    cell: (m) => (
      <span className="flex flex-col items-start gap-1">
        <StatusCell message={m} />
      </span>
    ),
  },
  { key: "received", header: "Received", className: "hidden whitespace-nowrap sm:table-cell", cell: (m) => <LocalDate iso={m.createdAt} withTime /> },
];

/** The contact messages' inbox: status tabs with counts, a search, the list and its bulk actions. */
export default function ContactMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, total, counts, tab, query } = loaderData;
  const failure = actionData && "error" in actionData ? actionData.error : null;
  const all = MESSAGE_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const empty =
    tab === ALL ? { title: "No messages yet", description: "Messages sent through the shop's contact form arrive here." } : MESSAGE_STATUS_TEXT[tab].empty;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Contact messages"
        description="What visitors sent through the contact form. Open one to read it and reply by e-mail; archive it once it is dealt with."
      />
      <StatusTabs
        label="Messages by status"
        current={tab === "new" ? null : tab}
        tabs={[
          ...MESSAGE_STATUSES.map((s) => ({ value: s === "new" ? null : s, label: MESSAGE_STATUS_TEXT[s].label, count: counts[s] })),
          { value: ALL, label: "All", count: all },
        ]}
      />
      {failure && (
        <p role="alert" className="mb-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="bulk-error">
          {failure.message}
        </p>
      )}
      <DataTable
        caption={tab === ALL ? "Contact messages" : `${MESSAGE_STATUS_TEXT[tab].label} contact messages`}
        rows={messages}
        rowKey={(m) => m.id}
        rowLabel={(m) => `the message from ${m.name}${m.subject ? `: ${m.subject}` : ""}`}
        columns={columns}
        query={query}
        total={total}
        noun={{ one: "message", other: "messages" }}
        search={{ label: "Search messages", placeholder: "Name, e-mail or subject" }}
        bulkActions={BULK_ACTIONS}
        empty={empty}
        testId="messages-table"
        minWidth="min-w-0 sm:min-w-[36rem]"
      />
    </div>
  );
}
