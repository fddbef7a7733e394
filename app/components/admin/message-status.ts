import type { StatusTone } from "~/components/admin/ui";
import type { MessageStatus } from "#common/content/messages.schema";
import type { MessageKey } from "#common/i18n/catalogs";

/**
 * How each contact-message status reads in the admin (admin catalog keys): its tab and badge
 * label, the badge's tone, the list's caption on its tab and what the empty list says.
 */
export const MESSAGE_STATUS_TEXT: Record<
  MessageStatus,
  { label: MessageKey; tone: StatusTone; caption: MessageKey; empty: { title: MessageKey; description: MessageKey } }
> = {
  new: {
    label: "admin.messages.status.new",
    tone: "info",
    caption: "admin.messages.caption.new",
    empty: { title: "admin.messages.empty.new", description: "admin.messages.empty.newText" },
  },
  read: {
    label: "admin.messages.status.read",
    tone: "neutral",
    caption: "admin.messages.caption.read",
    empty: { title: "admin.messages.empty.read", description: "admin.messages.empty.readText" },
  },
  archived: {
    label: "admin.messages.status.archived",
    tone: "success",
    caption: "admin.messages.caption.archived",
    empty: { title: "admin.messages.empty.archived", description: "admin.messages.empty.archivedText" },
  },
  spam: {
    label: "admin.messages.status.spam",
    tone: "danger",
    caption: "admin.messages.caption.spam",
    empty: { title: "admin.messages.empty.spam", description: "admin.messages.empty.spamText" },
  },
};
