import { messageListQuerySchema, messageReplySchema, messageStatusSchema } from "#common/content/messages.schema";
import { type AdminRoute, actorOf, idParam, parseBody, parseQuery } from "./admin-route";

/** The contact messages' inbox: list by status, open, move, reply, delete. All through services.messages (audited). */
export const MESSAGE_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/contact-messages",
    summary:
      "One page of contact messages, newest first: of one `status` (new, read, archived, spam; none: all), matching `q` in the name, e-mail or subject. `meta.counts` gives the messages of each status that match `q`.",
    query: messageListQuerySchema,
    async handler(c) {
      return c.json(await c.var.services.messages.listMessages(parseQuery(c, messageListQuerySchema)));
    },
  },
  {
    method: "GET",
    path: "/contact-messages/:id",
    summary: "One message with its replies (oldest first: text, author, when, when mailed). Opening a new message marks it read, as an inbox does.",
    async handler(c) {
      const { message } = await c.var.services.messages.openMessage(actorOf(c), idParam(c, "message id"));
      return c.json({ data: message });
    },
  },
  {
    method: "PATCH",
    path: "/contact-messages/:id",
    summary: "Move a message to a status: new (unread), read, archived or spam.",
    body: messageStatusSchema,
    async handler(c) {
      const body = await parseBody(c, messageStatusSchema);
      return c.json({ data: await c.var.services.messages.setStatus(actorOf(c), idParam(c, "message id"), body) });
    },
  },
  {
    method: "DELETE",
    path: "/contact-messages/:id",
    summary: "Delete a message and its replies.",
    async handler(c) {
      await c.var.services.messages.deleteMessage(actorOf(c), idParam(c, "message id"));
      return c.body(null, 204);
    },
  },
  {
    method: "POST",
    path: "/contact-messages/:id/reply",
    summary:
      "Reply to a message: the reply is kept with it and mailed to the sender (Reply-To: the shop's contact address). `mailed` says whether the mail left; a new message becomes read.",
    body: messageReplySchema,
    async handler(c) {
      const body = await parseBody(c, messageReplySchema);
      const { message, mailed } = await c.var.services.messages.reply(actorOf(c), idParam(c, "message id"), body);
      return c.json({ data: message, mailed }, 201);
    },
  },
];
