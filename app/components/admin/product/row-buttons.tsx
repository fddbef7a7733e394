import { useT } from "~/lib/i18n";

/** Small square icon buttons used by the product form's editable lists. */
export function IconButton({
  label,
  onClick,
  disabled,
  children,
  tone = "neutral",
  move,
}: {
  label: string;
  /** The direction a move button moves its row (focusMovedRow finds it by this). */
  move?: "up" | "down";
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
  tone?: "neutral" | "danger";
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-move={move}
      onClick={onClick}
      disabled={disabled}
      className={`grid size-9 shrink-0 place-items-center rounded-lg border bg-white disabled:cursor-not-allowed disabled:opacity-40 ${
        tone === "danger" ? "border-rose-200 text-rose-700 hover:bg-rose-50" : "border-stone-300 text-stone-800 hover:bg-stone-100"
      }`}
    >
      {children}
    </button>
  );
}

/**
 * Move up, move down and remove for row `index` of `count`: reordering by keyboard as well as by
 * dragging. `what` names the row in the buttons' labels ("Move Colour 2 up").
 */
export function RowButtons({
  index,
  count,
  what,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  what: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <div className="flex shrink-0 items-center gap-1">
      <IconButton label={t("admin.rows.moveUp", { what })} move="up" disabled={index === 0} onClick={() => onMove(index, index - 1)}>
        <Chevron up />
      </IconButton>
      <IconButton label={t("admin.rows.moveDown", { what })} move="down" disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
        <Chevron />
      </IconButton>
      <IconButton label={t("admin.rows.remove", { what })} tone="danger" onClick={onRemove}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-4">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </IconButton>
    </div>
  );
}

function Chevron({ up = false }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-4">
      <path d={up ? "m6 15 6-6 6 6" : "m6 9 6 6 6-6"} />
    </svg>
  );
}

/**
 * Keeps keyboard focus with a moved row: after the list re-renders, focuses the row at `index`'s
 * "Move … up" or "… down" button (the other one when that one is disabled at the list's end).
 */
export function focusMovedRow(container: HTMLElement | null, index: number, direction: "up" | "down") {
  requestAnimationFrame(() => {
    const row = container?.querySelectorAll<HTMLElement>("[data-row]")[index];
    if (!row) return;
    const buttons = [...row.querySelectorAll<HTMLButtonElement>("button[data-move]")];
    const wanted = buttons.find((b) => b.dataset.move === direction && !b.disabled) ?? buttons.find((b) => !b.disabled);
    wanted?.focus();
  });
}
