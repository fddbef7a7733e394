import type { StatusTone } from "~/components/admin/ui";
import type { MessageStatus } from "#common/content/messages.schema";

/** How each contact-message status reads in the admin: its tab and badge label and the badge's tone. */
export const MESSAGE_STATUS_TEXT: Record<MessageStatus, { label: string; tone: StatusTone; empty: { title: string; description: string } }> = {
  new: {
    label: "New",
    tone: "info",
    empty: { title: "No new messages", description: "Messages sent through the shop's contact form arrive here until someone opens them." },
  },
  read: { label: "Read", tone: "neutral", empty: { title: "No read messages", description: "Messages you have opened but not archived are kept here." } },
  archived: {
    label: "Archived",
    tone: "success",
    empty: { title: "Nothing archived", description: "Archive a message once it is dealt with: it leaves the inbox and stays here." },
  },
  spam: { label: "Spam", tone: "danger", empty: { title: "No spam", description: "Messages marked as spam are kept here, out of the way." } },
};
