import { z } from "zod";

/** Where a contact message is: new (nobody opened it), read, archived (dealt with) or spam. */
export const MESSAGE_STATUSES = ["new", "read", "archived", "spam"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const isMessageStatus = (v: unknown): v is MessageStatus => (MESSAGE_STATUSES as readonly unknown[]).includes(v);

/** GET /api/admin/contact-messages: a status (none: all), a search in name, e-mail and subject, and the page. */
export const messageListQuerySchema = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

/** PATCH /api/admin/contact-messages/{id}: the message's new status. */
export const messageStatusSchema = z.object({
  status: z.enum(MESSAGE_STATUSES, { error: "Choose new, read, archived or spam" }),
});

/** POST /api/admin/contact-messages/{id}/reply: the text mailed to the sender. */
export const messageReplySchema = z.object({
  text: z.string({ error: "Write your reply" }).trim().min(2, "Write your reply").max(5000, "The reply is too long (5,000 characters at most)"),
});
