import { z } from "zod";
import { type AdminRoute, parseQuery } from "./admin-route";

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, "Use a date like 2026-11-24");
export const auditQuery = z.object({
  entity: z.string().trim().max(40).optional(),
  entityId: z.string().trim().max(200).optional(),
  actor: z.string().trim().max(320).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** The audit log: every admin write, newest first. */
export const AUDIT_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/audit-log",
    summary: "Audit entries newest first, filtered by `entity` (type), `entityId`, `actor` (id or e-mail) and `from`/`to` dates.",
    query: auditQuery,
    async handler(c) {
      const q = parseQuery(c, auditQuery);
      const { entries, total, page, pageSize } = await c.var.services.audit.list(q);
      return c.json({ data: entries, meta: { total, page, pageSize } });
    },
  },
];
