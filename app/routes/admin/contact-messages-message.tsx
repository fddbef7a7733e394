import type { MessageKey } from "#common/i18n/catalogs";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { useEffect } from "react";
import { Form, Link, data, useRevalidator } from "react-router";
import { ConfirmButton } from "~/components/admin/dialog";
import { AdminForm, FormErrorSummary, FormSubmit, FormTextarea } from "~/components/admin/form";
import { auditActor, formFailure, readIntent, requireConfirmed } from "~/components/admin/form-result.server";
import { MESSAGE_STATUS_TEXT } from "~/components/admin/message-status";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, StatusBadge, buttonClass } from "~/components/admin/ui";
import { LocalDate } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { pageAddress } from "~/lib/page-address.server";
import { AppError } from "#common/errors";
import type { ContactMessage } from "#modules/content";
import { type MessageStatus, isMessageStatus } from "#common/content/messages.schema";
import type { AdminHandle } from "~/components/admin/admin-nav";
import type { Route } from "./+types/contact-messages-message";
import { adminMeta } from "./admin-meta";

const LIST = "/admin-dashboard/contact-messages";

/** The message with its replies; opening a new one marks it read (audited), as an inbox does. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireAdminScreen(context, request);
  try {
    const { message, markedRead } = await context.services.messages.openMessage(auditActor(context, user), params.id);
    const { contactEmail } = await context.services.content.getSettings();
    return { message, markedRead, contactEmail };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data({ message: err.message }, { status: 404, statusText: "Not Found" });
    throw err;
  }
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = {
  breadcrumb: (d, t) => d?.message.subject || (d ? t("admin.message.from", { name: d.message.name }) : undefined),
};

const MOVED: Record<MessageStatus, MessageKey> = {
  new: "admin.message.moved.new",
  read: "admin.message.moved.read",
  archived: "admin.messages.status.archived",
  spam: "admin.message.moved.spam",
};

/**
 * Replies (kept and mailed; back to the message), moves the message to a status or deletes it,
 * once confirmed (back to the list: the message is dealt with, and staying would open it again).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const actor = auditActor(context, user);
  const form = await request.formData();
  const submission = readIntent(form);
  const { messages } = context.services;
  try {
    if (submission.intent === "reply") {
      const { message, mailed } = await messages.reply(actor, params.id, { text: form.get("text") ?? "" });
      return redirectWithToast(
        pageAddress(request),
        mailed
          ? { kind: "success", message: adminT("admin.message.toast.sent"), description: adminT("admin.message.toast.mailedTo", { email: message.email }) }
          : {
              kind: "error",
              message: adminT("admin.message.toast.notMailed"),
              description: adminT("admin.message.toast.notMailedText", { email: message.email }),
            },
      );
    }
    if (submission.intent === "delete") {
      requireConfirmed(submission, adminT("admin.message.deleting"));
      await messages.deleteMessage(actor, params.id);
      return redirectWithToast(LIST, { kind: "success", message: adminT("admin.message.toast.deleted") });
    }
    const status = form.get("status");
    if (submission.intent !== "status" || !isMessageStatus(status)) throw new AppError("invalid_input", adminT("admin.message.chooseMove"));
    const message = await messages.setStatus(actor, params.id, { status });
    return redirectWithToast(LIST, {
      kind: "success",
      message: adminT(MOVED[status]),
      description: message.subject || adminT("admin.message.from", { name: message.name }),
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return redirectWithToast(LIST, { kind: "error", message: adminT("admin.message.gone") });
    return formFailure(err, form);
  }
}

/** The buttons that file the message: what makes sense from where it is. */
function statusMoves(status: MessageStatus): Array<{ status: MessageStatus; label: MessageKey }> {
  const moves: Array<{ status: MessageStatus; label: MessageKey }> = [];
  if (status === "read") moves.push({ status: "new", label: "admin.messages.markUnread" });
  if (status === "archived" || status === "spam") moves.push({ status: "read", label: "admin.message.toInbox" });
  if (status !== "archived") moves.push({ status: "archived", label: "admin.messages.archive" });
  if (status !== "spam") moves.push({ status: "spam", label: "admin.messages.status.spam" });
  return moves;
}

/** One message: who sent it and when, its text, the replies under it, the reply form, and filing it. */
export default function ContactMessagePage({ loaderData }: Route.ComponentProps) {
  const { message, markedRead, contactEmail } = loaderData;
  const status = MESSAGE_STATUS_TEXT[message.status];
  const t = useT();
  const revalidator = useRevalidator();
  // The layout counted the new messages while this loader was marking this one read (loaders run
  // in parallel): count again, so the sidebar's figure drops as the message opens.
  useEffect(() => {
    if (markedRead) revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [markedRead, message.id]);
  return (
    <div className="max-w-4xl">
      <PageHeader
        title={<span className="break-words">{message.subject || t("admin.messages.noSubject")}</span>}
        actions={
          <Form method="post" className="flex flex-wrap items-center gap-2" aria-label={t("admin.people.fileTheMessage")}>
            <input type="hidden" name="intent" value="status" />
            {statusMoves(message.status).map((m) => (
              <button key={m.status} type="submit" name="status" value={m.status} className={buttonClass("secondary", "sm")}>
                {t(m.label)}
              </button>
            ))}
            <ConfirmButton
              value="delete"
              title={t("admin.people.deleteThisMessage")}
              body={t("admin.message.deleteBody", { name: message.name, count: message.replies.length })}
              confirmLabel={t("admin.people.deleteMessage")}
              className={buttonClass("danger", "sm")}
            >
              {t("admin.products.bulk.delete")}
            </ConfirmButton>
          </Form>
        }
      />

      <article aria-labelledby="message-from" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" data-testid="contact-message">
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 pb-4">
          <div className="min-w-0">
            <h2 id="message-from" className="font-semibold text-stone-900">
              <span className="sr-only">{t("admin.bulk.fromTitle")} </span>
              {message.name}
            </h2>
            <a href={`mailto:${message.email}`} className="break-all text-sm text-stone-700 underline underline-offset-2 hover:text-stone-900">
              {message.email}
            </a>
          </div>
          <div className="flex flex-col items-start gap-1 text-sm text-stone-700 sm:items-end">
            <StatusBadge tone={status.tone}>{t(status.label)}</StatusBadge>
            <span>
              {t("admin.messages.received")} <LocalDate iso={message.createdAt} withTime />
            </span>
          </div>
        </header>
        <p className="mt-4 leading-relaxed break-words whitespace-pre-wrap text-stone-900" data-testid="message-text">
          {message.message}
        </p>
      </article>

      <section aria-labelledby="replies-title" className="mt-8">
        <h2 id="replies-title" className="text-lg font-semibold text-stone-900">
          {message.replies.length ? t("admin.message.repliesCount", { count: message.replies.length }) : t("admin.message.replies")}
        </h2>
        {message.replies.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">{t("admin.message.noReplies")}</p>
        ) : (
          <ol className="mt-3 space-y-3" data-testid="replies">
            {message.replies.map((r) => (
              <Reply key={r.id} reply={r} />
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="reply-title" className="mt-8 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="reply-title" className="text-lg font-semibold text-stone-900">
          {t("admin.message.replyTo", { name: message.name })}
        </h2>
        <AdminForm method="post" idPrefix="reply" warnUnsaved className="mt-4 space-y-4" key={message.replies.length}>
          <FormErrorSummary title={t("admin.people.theReplyWasNot")} />
          <input type="hidden" name="intent" value="reply" />
          <FormTextarea
            name="text"
            label={t("admin.people.yourReply")}
            rows={7}
            maxLength={5000}
            required
            hint={
              <>
                {t("admin.message.hintMailed", { email: message.email })}{" "}
                {contactEmail ? t("admin.message.hintAnswerTo", { email: contactEmail }) : t("admin.message.hintNoContact")} {t("admin.message.hintKept")}
              </>
            }
          />
          <div className="flex flex-wrap items-center gap-3">
            <FormSubmit busyLabel={t("admin.webhooks.sending")}>{t("admin.message.send")}</FormSubmit>
            <Link to={LIST} className={buttonClass("ghost")}>
              {t("admin.message.back")}
            </Link>
          </div>
        </AdminForm>
      </section>
    </div>
  );
}

function Reply({ reply }: { reply: ContactMessage["replies"][number] }) {
  const t = useT();
  return (
    <li className="rounded-xl border border-stone-200 bg-stone-50 p-4" data-testid="reply">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
        <span className="font-semibold break-all text-stone-900">{reply.author.email}</span>
        <LocalDate iso={reply.createdAt} withTime />
        {reply.mailedAt ? (
          <StatusBadge tone="success">{t("admin.message.mailed")}</StatusBadge>
        ) : (
          <StatusBadge tone="warning">{t("admin.message.notMailed")}</StatusBadge>
        )}
      </p>
      <p className="mt-2 leading-relaxed break-words whitespace-pre-wrap text-stone-900">{reply.text}</p>
    </li>
  );
}
