import { Suspense, lazy, useId, useState } from "react";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useT } from "~/lib/i18n";
import { FieldNotes } from "~/components/form/fields";

// The editor (Tiptap and ProseMirror, ~125 KB gzip) is a chunk of its own, fetched only when an
// admin form with a description renders in the browser; no storefront page ever asks for it.
const TiptapEditor = lazy(() => import("./tiptap-editor"));

export interface RichTextEditorProps {
  /** The form field the HTML is posted as. */
  name?: string;
  /** The id of the field (the textarea, then the editable area): the form's error summary links to it. */
  inputId?: string;
  label: string;
  /** The HTML to start from (the stored, sanitised description). */
  defaultValue: string;
  error?: string;
  hint?: React.ReactNode;
  /** Called with the HTML after every change (the form's unsaved-changes tracking). */
  onChange?: (html: string) => void;
}

/**
 * A rich-text field for product descriptions. Before JavaScript (and while the editor's chunk
 * loads) it is a plain textarea of HTML posted as `name`; then a Tiptap editor with a toolbar
 * that writes its HTML into a hidden input of the same name. The server sanitises what arrives:
 * nothing here is a security boundary.
 */
export function RichTextEditor({ name = "description", inputId, label, defaultValue, error, hint, onChange }: RichTextEditorProps) {
  const generated = `rte-${useId().replace(/:/g, "")}`;
  const id = inputId ?? generated;
  const t = useT();
  const hydrated = useHydrated();
  // What the textarea holds, so text typed before the editor arrives is what the editor opens with.
  const [html, setHtml] = useState(defaultValue);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const change = (next: string) => {
    setHtml(next);
    onChange?.(next);
  };

  const textarea = (
    <textarea
      id={id}
      name={name}
      rows={10}
      value={html}
      onChange={(e) => change(e.currentTarget.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={`mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 font-mono text-sm text-stone-900 ${error ? "border-rose-600" : "border-stone-300"}`}
    />
  );

  return (
    <div data-testid="rich-text-editor">
      {hydrated ? (
        <Suspense
          fallback={
            <>
              <label htmlFor={id} className="block text-sm font-medium text-stone-900">
                {label}
              </label>
              {textarea}
            </>
          }
        >
          <TiptapEditor id={id} name={name} label={label} initialHtml={html} invalid={!!error} describedBy={describedBy} onChange={change} />
        </Suspense>
      ) : (
        <>
          <label htmlFor={id} className="block text-sm font-medium text-stone-900">
            {label}
          </label>
          {textarea}
          <p className="mt-1.5 text-xs text-stone-600">{t("admin.editor.htmlHint")}</p>
        </>
      )}
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </div>
  );
}
