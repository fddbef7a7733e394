// The audit module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The append-only audit log of admin writes, written in the caller's transaction.
export {
  appendAudit,
  appendAuditEntries,
  type AuditActor,
  type AuditEntry,
  type AuditEntryInput,
  type AuditService,
  changedFields,
  createAuditService,
  type FieldChanges,
} from "./audit.service";
