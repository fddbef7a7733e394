import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { trapTab } from "~/lib/focus-trap";
import { useT } from "~/lib/i18n";
import { buttonClass } from "./ui";

/** A ref for a native `<dialog>` that is shown as a modal while `open` is true and closed when it turns false. */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

export interface ConfirmOptions {
  /** The question, as the dialog's heading: "Delete “Linen shirt”?" */
  title: string;
  /** What happens, in a sentence or two ("This cannot be undone."). */
  body?: React.ReactNode;
  /** The confirm button states the action: "Delete 3 products", not "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /** "danger" (red confirm button) for destructive actions, the default. */
  tone?: "danger" | "primary";
}

/**
 * A modal confirmation (native `<dialog>` with showModal: the page behind is inert, Tab stays
 * inside, Escape cancels, focus starts on Cancel and returns to where it was). Controlled by
 * `open`. `confirmButton` adds attributes to the confirm button, e.g. `{ type: "submit", name:
 * "confirm", value: "delete" }` when the dialog sits inside the form it confirms.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  tone = "danger",
  onConfirm,
  onCancel,
  confirmButton,
}: ConfirmOptions & {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  confirmButton?: React.ButtonHTMLAttributes<HTMLButtonElement> & Record<`data-${string}`, string>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(e) => {
        // Escape: the parent decides (it sets `open` to false).
        e.preventDefault();
        onCancel();
      }}
      onClose={() => {
        const target = returnTo.current;
        returnTo.current = null;
        if (target?.isConnected) target.focus();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/50"
      data-testid="confirm-dialog"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-bold tracking-tight">
          {title}
        </h2>
        {body && <div className="mt-2 text-sm leading-relaxed text-stone-700">{body}</div>}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button ref={cancelRef} type="button" onClick={onCancel} className={buttonClass("secondary")}>
            {cancelLabel ?? t("admin.dialog.cancel")}
          </button>
          <button type="button" {...confirmButton} onClick={onConfirm} className={buttonClass(tone === "danger" ? "danger" : "primary")}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * Asks before doing something from code: `const { confirm, dialog } = useConfirm();` render
 * `{dialog}` once, then `if (await confirm({ title, confirmLabel })) …`. Resolves false on Cancel
 * or Escape.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: React.ReactNode } {
  const [pending, setPending] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);
  const [last, setLast] = useState<ConfirmOptions | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setLast(options);
        setPending({ ...options, resolve });
      }),
    [],
  );
  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const shown = pending ?? last;
  const dialog = shown ? <ConfirmDialog {...shown} open={pending !== null} onConfirm={() => settle(true)} onCancel={() => settle(false)} /> : null;
  return { confirm, dialog };
}

/**
 * A destructive submit inside a form (delete, archive) that asks first. With JavaScript the button
 * opens a ConfirmDialog whose confirm button submits the form with `confirm=<value>`; without it,
 * the button is a disclosure (`<details>`) that reveals the same confirm button: either way the
 * POST carries `confirm=<value>`, which the action requires (form-result.server.ts readIntent).
 * `children` is the trigger's text ("Delete product"), `confirmLabel` the final button's.
 */
export function ConfirmButton({
  value,
  children,
  title,
  body,
  confirmLabel,
  cancelLabel,
  tone = "danger",
  className,
  disabled,
}: ConfirmOptions & { value: string; children: React.ReactNode; className?: string; disabled?: boolean }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = className ?? buttonClass("secondary", "sm");
  const confirmButton = { type: "submit" as const, name: "confirm", value };
  if (!hydrated) {
    return (
      <details className="group relative">
        <summary className={`${trigger} list-none`}>{children}</summary>
        <div className="absolute left-0 z-20 mt-2 w-72 rounded-xl border border-stone-200 bg-white p-4 text-left shadow-xl">
          <p className="font-semibold text-stone-900">{title}</p>
          {body && <div className="mt-1 text-sm text-stone-700">{body}</div>}
          <button {...confirmButton} className={`${buttonClass(tone === "danger" ? "danger" : "primary", "sm")} mt-3`}>
            {confirmLabel}
          </button>
        </div>
      </details>
    );
  }
  return (
    <>
      <button type="button" disabled={disabled} onClick={() => setOpen(true)} aria-haspopup="dialog" className={trigger}>
        {children}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        body={body}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        tone={tone}
        confirmButton={confirmButton}
        // The confirm button submits the form (the browser's default action runs after this).
        onConfirm={() => setOpen(false)}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
