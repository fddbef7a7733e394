import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { trapTab } from "~/lib/focus-trap";
import { useT } from "~/lib/i18n";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import { useModalDialog } from "../dialog";
import { buttonClass } from "../ui";
import type { FieldChanges } from "#modules/audit";
import type { ImportReport } from "#modules/catalog";

// Import products from CSV in two steps, through the one import of the API
// (POST /api/admin/products/import): a dry run (`dryRun=true`: the same checks and comparison,
// nothing stored) shows what would change and every rejected row, then Apply sends the same file
// again to be imported in one transaction (all rows or none). The progress bar measures the bytes
// of the file sent (XMLHttpRequest upload events); once the file is sent, the server's work has
// no measure, so the bar turns indeterminate and names the phase (checking, or applying).

/** How many products of each kind the dry run lists by name (the counts cover all of them). */
const SHOWN = 50;

type Phase = { step: "upload"; loaded: number; total: number } | { step: "server" } | { step: "answer" };

type State =
  | { kind: "choose" }
  | { kind: "busy"; dryRun: boolean; phase: Phase }
  | { kind: "checked"; report: ImportReport }
  | { kind: "done"; report: ImportReport }
  | { kind: "refused"; message: string; report?: ImportReport };

interface Answer {
  status: number;
  body: { data?: ImportReport; error?: { message?: string } } | null;
}

/** Sends the file to the import (a dry run or the real one), reporting the upload's bytes and the phase. */
function sendImport(file: File, dryRun: boolean, onPhase: (phase: Phase) => void, signal: AbortSignal, t: Translate): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/products/import${dryRun ? "?dryRun=true" : ""}`);
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => onPhase({ step: "upload", loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => onPhase({ step: "server" });
    xhr.onprogress = () => onPhase({ step: "answer" });
    xhr.onload = () => {
      let body: Answer["body"] = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer["body"];
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error(t("admin.import.connectionLost")));
    xhr.onabort = () => reject(new DOMException("Stopped", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort());
    onPhase({ step: "upload", loaded: 0, total: file.size });
    xhr.send(file);
  });
}

const megabytes = (bytes: number) =>
  `${(bytes / 1_000_000).toLocaleString("en", { maximumFractionDigits: 1, minimumFractionDigits: bytes < 10_000_000 ? 1 : 0 })} MB`;

/** Field names of the report's changes, in the admin's words. */
const FIELD_LABELS: Record<string, MessageKey> = {
  name: "admin.products.table.name",
  slug: "admin.import.field.handle",
  description: "admin.productForm.description",
  brand: "admin.productForm.brand",
  sku: "admin.products.table.sku",
  price: "admin.products.table.price",
  discount: "admin.import.field.discount",
  shippingCost: "admin.productForm.shippingCost",
  taxClass: "admin.productForm.taxClass",
  giftCard: "admin.audit.field.giftCard",
  status: "admin.products.table.status",
  image: "admin.productForm.pictures",
  imageAlt: "admin.import.field.imageAlt",
  colorImages: "admin.import.field.colorImages",
  specifications: "admin.productForm.specifications",
  category: "admin.products.table.category",
  subCategory: "admin.products.filter.subCategory",
  stock: "admin.variants.stock",
  variants: "admin.variants.variants",
};

/** A value of a change, short enough for a line: lists joined, tags of a description left out. */
function shortValue(value: unknown, none: string): string {
  if (value === null || value === undefined || value === "") return none;
  if (Array.isArray(value)) return value.length ? value.map((v) => shortValue(v, none)).join(", ") : none;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if ("name" in (value as object) && "value" in (value as object))
      return `${shortValue((value as { name: unknown }).name, none)}: ${shortValue((value as { value: unknown }).value, none)}`;
    return entries.length ? entries.map(([k, v]) => `${k}: ${shortValue(v, none)}`).join("; ") : none;
  }
  const text = String(value)
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || none;
}

/** One updated product's changes as "Field: before → after" lines. */
function ChangeList({ changes }: { changes: FieldChanges }) {
  const t = useT();
  const none = t("admin.import.none");
  return (
    <ul className="mt-1 grid gap-0.5 text-xs text-stone-700">
      {Object.entries(changes).map(([field, change]) => (
        <li key={field} className="break-words">
          <span className="font-semibold text-stone-800">{FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field}:</span> {shortValue(change.before, none)}{" "}
          <span aria-hidden="true">→</span>
          <span className="sr-only"> {t("admin.import.becomes")} </span> {shortValue(change.after, none)}
        </li>
      ))}
    </ul>
  );
}

/** The rejected rows, each with its line in the file. */
function RejectedRows({ errors }: { errors: ImportReport["errors"] }) {
  const t = useT();
  return (
    <section aria-labelledby="import-errors-title" className="rounded-xl border border-rose-300 bg-rose-50 p-4" data-testid="import-errors">
      <h3 id="import-errors-title" className="font-semibold text-rose-900">
        {t("admin.import.problems", { count: errors.length, n: errors.length.toLocaleString("en") })}
      </h3>
      <p className="mt-1 text-sm text-rose-900">{t("admin.import.problemsText")}</p>
      <ul className="mt-3 grid max-h-60 gap-1.5 overflow-y-auto text-sm text-stone-900">
        {errors.map((e, i) => (
          <li key={i} className="break-words" data-testid="import-error">
            <span className="font-semibold">{t("admin.import.line", { line: e.line })}</span> {e.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the dry run (or the import) found: counts, the new and updated products by name, and the rejected rows. */
function ImportSummary({ report }: { report: ImportReport }) {
  const created = report.products.filter((p) => p.action === "create");
  const updated = report.products.filter((p) => p.action === "update");
  const t = useT();
  const more = (n: number) =>
    n > SHOWN ? <li className="text-stone-600">{t("admin.import.more", { count: n - SHOWN, n: (n - SHOWN).toLocaleString("en") })}</li> : null;
  const labels = report.dryRun ? [t("admin.import.toCreate"), t("admin.import.toUpdate")] : [t("admin.import.created"), t("admin.import.updated")];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-2 text-center" data-testid="import-counts">
        {[
          { label: labels[0]!, n: report.created },
          { label: labels[1]!, n: report.updated },
          { label: t("admin.import.unchanged"), n: report.unchanged },
        ].map((c) => (
          <div key={c.label} className="rounded-xl border border-stone-200 bg-stone-50 px-2 py-3">
            <dt className="text-xs font-medium text-stone-700">{c.label}</dt>
            <dd className="text-2xl font-bold tabular-nums text-stone-900">{c.n.toLocaleString("en")}</dd>
          </div>
        ))}
      </dl>
      {report.errors.length > 0 && <RejectedRows errors={report.errors} />}
      {report.errors.length === 0 && (created.length > 0 || updated.length > 0) && (
        <div className="grid gap-4 rounded-xl border border-stone-200 p-4">
          {updated.length > 0 && (
            <section aria-labelledby="import-updated-title">
              <h3 id="import-updated-title" className="text-sm font-semibold text-stone-900">
                {t("admin.import.changes")}
              </h3>
              <ul className="mt-1 grid gap-2 text-sm text-stone-800" data-testid="import-updated">
                {updated.slice(0, SHOWN).map((p) => (
                  <li key={p.handle} className="break-words" data-testid="import-updated-product">
                    <span className="font-medium">{p.name}</span>{" "}
                    <span className="text-xs text-stone-600">{t("admin.import.lineParen", { line: p.line })}</span>
                    {p.changes && <ChangeList changes={p.changes} />}
                  </li>
                ))}
                {more(updated.length)}
              </ul>
            </section>
          )}
          {created.length > 0 && (
            <section aria-labelledby="import-created-title">
              <h3 id="import-created-title" className="text-sm font-semibold text-stone-900">
                {t("admin.import.newProducts")}
              </h3>
              <ul className="mt-1 grid gap-1 text-sm text-stone-800" data-testid="import-created">
                {created.slice(0, SHOWN).map((p) => (
                  <li key={p.handle} className="break-words">
                    {p.name} <span className="text-xs text-stone-600">{t("admin.import.lineParen", { line: p.line })}</span>
                  </li>
                ))}
                {more(created.length)}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  );
}

/** The progress of a send: the upload's bytes, then the server's phase (no measure: indeterminate). */
function ImportProgress({ dryRun, phase, fileSize }: { dryRun: boolean; phase: Phase; fileSize: number }) {
  const labelId = useId();
  const t = useT();
  const label =
    phase.step === "upload"
      ? t("admin.import.sending", { loaded: megabytes(phase.loaded), total: megabytes(phase.total || fileSize) })
      : phase.step === "server"
        ? dryRun
          ? t("admin.import.checking")
          : t("admin.import.importing")
        : t("admin.import.receiving");
  const percent = phase.step === "upload" && phase.total > 0 ? Math.round((phase.loaded / phase.total) * 100) : null;
  return (
    <div className="grid gap-2" data-testid="import-progress">
      <p id={labelId} role="status" className="text-sm font-medium text-stone-800">
        {label}
        {percent !== null && ` (${percent}%)`}
      </p>
      {/* Without a value the bar is indeterminate (a pulse over its whole width): the server's work is not measured. */}
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2.5 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full bg-stone-900 ${percent === null ? "w-full animate-pulse" : "transition-[width]"}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/**
 * "Import CSV" on the product list: a dialog to choose a CSV file, check it (a dry run that stores
 * nothing), read what would change and every rejected row with its line, then apply it. The list
 * reloads after an import.
 */
export function ProductImport() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const abort = useRef<AbortController | null>(null);
  const titleId = useId();
  const fileId = useId();
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: "choose" });
  const applying = state.kind === "busy" && !state.dryRun;
  const t = useT();

  // A result is announced and reachable: focus moves to its heading.
  useEffect(() => {
    if (state.kind !== "choose" && state.kind !== "busy") resultRef.current?.focus();
  }, [state.kind]);

  const close = () => {
    // An import being applied finishes on the server whatever the page does: wait for its answer.
    if (applying) return;
    abort.current?.abort();
    setOpen(false);
    setState({ kind: "choose" });
    setFile(null);
  };

  async function send(dryRun: boolean) {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "busy", dryRun, phase: { step: "upload", loaded: 0, total: file.size } });
    try {
      const answer = await sendImport(file, dryRun, (phase) => setState({ kind: "busy", dryRun, phase }), controller.signal, t);
      const report = answer.body?.data;
      if (answer.status === 200 && report) {
        setState(dryRun ? { kind: "checked", report } : { kind: "done", report });
        if (!dryRun && report.created + report.updated > 0) revalidator.revalidate();
        return;
      }
      const message = answer.status === 413 ? t("admin.import.tooLarge") : (answer.body?.error?.message ?? t("admin.import.failed", { status: answer.status }));
      setState({ kind: "refused", message, report });
    } catch (err) {
      if ((err as Error).name === "AbortError") return;
      setState({ kind: "refused", message: (err as Error).message });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  const report = state.kind === "checked" || state.kind === "done" || state.kind === "refused" ? state.report : undefined;
  const changes = state.kind === "checked" && state.report.errors.length === 0 ? state.report.created + state.report.updated : 0;
  const busy = state.kind === "busy";

  return (
    <>
      <button
        type="button"
        className={buttonClass("secondary")}
        disabled={!hydrated}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="products-import"
      >
        {t("admin.import.button")}
      </button>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        aria-busy={busy}
        onKeyDown={trapTab}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        // Open, a column: the body scrolls between the heading and the buttons, which stay in view.
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl flex-col overflow-hidden rounded-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/50 open:flex"
        data-testid="import-dialog"
      >
        <h2 id={titleId} className="border-b border-stone-200 px-5 py-4 text-lg font-bold tracking-tight sm:px-6">
          {t("admin.import.title")}
        </h2>
        <div className="grid min-h-0 flex-1 content-start gap-5 overflow-y-auto p-5 sm:p-6">
          {state.kind !== "done" && <p className="text-sm leading-relaxed text-stone-700">{t("admin.import.intro")}</p>}

          {state.kind !== "done" && (
            <div className="grid gap-1.5">
              <label htmlFor={fileId} className="text-sm font-semibold text-stone-900">
                {t("admin.import.file")}
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                disabled={busy}
                // Choosing the same file again (fixed since) must count as a change too.
                onClick={(e) => {
                  e.currentTarget.value = "";
                }}
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0] ?? null);
                  setState({ kind: "choose" });
                }}
                className="block w-full rounded-xl border border-stone-300 text-sm text-stone-800 file:mr-3 file:h-10 file:cursor-pointer file:rounded-l-xl file:border-0 file:bg-stone-100 file:px-4 file:font-semibold file:text-stone-900"
              />
              {file && (
                <p className="text-xs text-stone-600">
                  {file.name}, {megabytes(file.size)}
                </p>
              )}
            </div>
          )}

          {state.kind === "busy" && <ImportProgress dryRun={state.dryRun} phase={state.phase} fileSize={file?.size ?? 0} />}

          {state.kind !== "choose" && state.kind !== "busy" && (
            <div className="grid gap-3" data-testid="import-result">
              <h3 ref={resultRef} tabIndex={-1} className="font-semibold text-stone-900 outline-none" data-testid="import-result-title">
                {state.kind === "done"
                  ? t("admin.import.result.done")
                  : state.kind === "refused"
                    ? t("admin.import.result.refused")
                    : state.report.errors.length
                      ? t("admin.import.result.problems")
                      : changes
                        ? t("admin.import.result.ready")
                        : t("admin.import.result.nothing")}
              </h3>
              {state.kind === "refused" && (
                <p role="alert" className="rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900">
                  {state.message}
                </p>
              )}
              {report && <ImportSummary report={report} />}
            </div>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 px-5 py-4 sm:px-6">
          <button type="button" onClick={close} disabled={applying} className={buttonClass("secondary")}>
            {state.kind === "done" ? t("admin.import.close") : t("admin.dialog.cancel")}
          </button>
          {state.kind === "checked" && changes > 0 ? (
            <button type="button" onClick={() => send(false)} className={buttonClass("primary")} data-testid="import-apply">
              {t("admin.import.apply", { count: changes, n: changes.toLocaleString("en") })}
            </button>
          ) : (
            state.kind !== "done" && (
              <button type="button" onClick={() => send(true)} disabled={!file || busy} className={buttonClass("primary")} data-testid="import-check">
                {busy
                  ? state.dryRun
                    ? t("admin.import.checkingShort")
                    : t("admin.import.importingShort")
                  : state.kind === "choose"
                    ? t("admin.import.check")
                    : t("admin.import.checkAgain")}
              </button>
            )
          )}
        </div>
      </dialog>
    </>
  );
}
