import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef, useState } from "react";
import type { MessageKey } from "#common/i18n/catalogs";
import { useT } from "~/lib/i18n";

interface Props {
  id: string;
  name: string;
  label: string;
  initialHtml: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (html: string) => void;
}

// Only what the server's sanitiser keeps (server/lib/rich-text.ts): no code, no h1 (the page has one).
const extensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    heading: { levels: [2, 3] },
    link: { openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["http", "https", "mailto"] },
  }),
];

/** An empty document is "" rather than "<p></p>", so a cleared description posts as empty. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

/** The Tiptap editor behind RichTextEditor (a lazily loaded chunk): toolbar, editable area, hidden input. */
export default function TiptapEditor({ id, name, label, initialHtml, invalid, describedBy, onChange }: Props) {
  const [html, setHtml] = useState(initialHtml);
  const editor = useEditor({
    extensions,
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class:
          "min-h-48 px-4 py-3 text-base leading-7 text-stone-900 focus:outline-none [&_a]:underline [&_h2]:mt-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&>*+*]:mt-3 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-6",
      },
    },
    onUpdate: ({ editor }) => {
      const next = htmlOf(editor);
      setHtml(next);
      onChange(next);
    },
  });

  return (
    <div>
      <span
        id={`${id}-label`}
        className="block text-sm font-medium text-stone-900"
        // A contenteditable cannot be the target of <label for>; clicking the name still focuses it.
        onClick={() => editor?.commands.focus()}
      >
        {label}
      </span>
      <div
        className={`mt-1.5 overflow-hidden rounded-xl border bg-white focus-within:outline-2 focus-within:outline-offset-0 ${invalid ? "border-rose-600 focus-within:outline-rose-700" : "border-stone-300 focus-within:outline-stone-900"}`}
      >
        {editor && <Toolbar editor={editor} label={label} editableId={id} />}
        <EditorContent editor={editor} />
      </div>
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

interface ButtonSpec {
  key: string;
  label: MessageKey;
  /** What the button shows (a glyph); the label is its accessible name. */
  glyph: React.ReactNode;
  run: (editor: Editor) => void;
  /** A formatting toggle (aria-pressed) rather than an action. */
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
}

const BUTTONS: ButtonSpec[] = [
  { key: "bold", label: "admin.editor.bold", glyph: <b>B</b>, run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive("bold") },
  {
    key: "italic",
    label: "admin.editor.italic",
    glyph: <i className="font-serif">I</i>,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive("italic"),
  },
  {
    key: "h2",
    label: "admin.editor.heading",
    glyph: "H2",
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive("heading", { level: 2 }),
  },
  {
    key: "h3",
    label: "admin.editor.subheading",
    glyph: "H3",
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive("heading", { level: 3 }),
  },
  {
    key: "ul",
    label: "admin.editor.bulletedList",
    glyph: <ListGlyph />,
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive("bulletList"),
  },
  {
    key: "ol",
    label: "admin.editor.numberedList",
    glyph: <ListGlyph numbered />,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive("orderedList"),
  },
  { key: "link", label: "admin.editor.link", glyph: <LinkGlyph />, run: () => {}, active: (e) => e.isActive("link") },
  { key: "undo", label: "admin.editor.undo", glyph: "↶", run: (e) => e.chain().focus().undo().run(), enabled: (e) => e.can().undo() },
  { key: "redo", label: "admin.editor.redo", glyph: "↷", run: (e) => e.chain().focus().redo().run(), enabled: (e) => e.can().redo() },
];

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys move between
 * buttons, toggles say whether they are on with aria-pressed.
 */
function Toolbar({ editor, label, editableId }: { editor: Editor; label: string; editableId: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      Object.fromEntries(BUTTONS.map((b) => [b.key, { active: b.active?.(e) ?? null, enabled: b.enabled?.(e) ?? true }])) as Record<
        string,
        { active: boolean | null; enabled: boolean }
      >,
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const t = useT();
  const [linking, setLinking] = useState(false);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const move = (e: React.KeyboardEvent, index: number) => {
    const last = BUTTONS.length - 1;
    const next =
      e.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : e.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="border-b border-stone-200 bg-stone-50">
      <div role="toolbar" aria-label={t("admin.editor.formatting", { label })} aria-controls={editableId} className="flex flex-wrap gap-1 p-1.5">
        {BUTTONS.map((b, i) => {
          const s = state[b.key]!;
          return (
            <button
              key={b.key}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              tabIndex={i === focusIndex ? 0 : -1}
              aria-label={t(b.label)}
              title={t(b.label)}
              aria-pressed={s.active === null ? undefined : s.active}
              aria-disabled={s.enabled ? undefined : true}
              onFocus={() => setFocusIndex(i)}
              onKeyDown={(e) => move(e, i)}
              onClick={() => {
                if (!s.enabled) return;
                if (b.key === "link") setLinking((v) => !v);
                else b.run(editor);
              }}
              className={`grid h-9 min-w-9 place-items-center rounded-lg px-2 text-sm font-semibold ${s.active ? "bg-stone-900 text-white" : "text-stone-800 hover:bg-stone-200"} ${s.enabled ? "" : "cursor-not-allowed text-stone-500 opacity-60"} ${i === 6 ? "sm:ml-2" : ""}`}
            >
              {b.glyph}
            </button>
          );
        })}
      </div>
      {linking && <LinkRow editor={editor} inputId={`${editableId}-link`} onDone={() => setLinking(false)} />}
    </div>
  );
}

/** Asks for the address of the link on the selection (or removes it), inline under the toolbar. */
function LinkRow({ editor, inputId, onDone }: { editor: Editor; inputId: string; onDone: () => void }) {
  const existing = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [href, setHref] = useState(existing);
  const t = useT();
  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange("link");
    if (!url) chain.unsetLink().run();
    else {
      const withScheme = /^(https?:|mailto:|\/)/i.test(url) ? url : `https://${url}`;
      if (editor.state.selection.empty && !editor.isActive("link"))
        chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: withScheme } }] }).run();
      else chain.setLink({ href: withScheme }).run();
    }
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-stone-200 px-2 py-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="block text-xs font-medium text-stone-800">
          {t("admin.editor.linkAddress")}
        </label>
        <input
          id={inputId}
          type="url"
          inputMode="url"
          autoFocus
          value={href}
          placeholder="https://"
          onChange={(e) => setHref(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            } else if (e.key === "Escape") {
              e.preventDefault();
              onDone();
              editor.commands.focus();
            }
          }}
          className="mt-1 block h-9 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
        />
      </div>
      <button type="button" onClick={apply} className="h-9 rounded-lg bg-stone-900 px-3 text-sm font-semibold text-white hover:bg-stone-700">
        {href.trim() ? t("admin.editor.applyLink") : t("admin.editor.removeLink")}
      </button>
      {existing && (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onDone();
          }}
          className="h-9 rounded-lg border border-stone-300 px-3 text-sm font-semibold text-stone-900 hover:bg-white"
        >
          {t("admin.editor.removeLink")}
        </button>
      )}
      <button
        type="button"
        onClick={() => {
          onDone();
          editor.commands.focus();
        }}
        className="h-9 rounded-lg px-3 text-sm font-semibold text-stone-800 hover:bg-stone-200"
      >
        {t("admin.dialog.cancel")}
      </button>
    </div>
  );
}

function ListGlyph({ numbered = false }: { numbered?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-5">
      {numbered ? (
        <>
          <path d="M10 6h11M10 12h11M10 18h11" />
          <path d="M4 4v4M3 20h3l-3-3.5a1.5 1.5 0 1 1 3-1" strokeWidth={1.6} />
        </>
      ) : (
        <>
          <path d="M9 6h12M9 12h12M9 18h12" />
          <circle cx="4" cy="6" r="1.2" fill="currentColor" />
          <circle cx="4" cy="12" r="1.2" fill="currentColor" />
          <circle cx="4" cy="18" r="1.2" fill="currentColor" />
        </>
      )}
    </svg>
  );
}

function LinkGlyph() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-5">
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    </svg>
  );
}
