import { useEffect, useRef } from "react";
import { useT } from "~/lib/i18n";

type FetcherState = "idle" | "loading" | "submitting";

export interface MoveFocus {
  up: React.RefObject<HTMLButtonElement | null>;
  down: React.RefObject<HTMLButtonElement | null>;
  /** The direction just asked for (set by MoveButtons on press). */
  pending: React.RefObject<"up" | "down" | null>;
}

/**
 * Keeps the keyboard with a row that moved: when its move (a fetcher, `state`) is done and the
 * list has re-rendered in the new order, focuses the row's button of the same direction (the
 * other one at the list's end, where that one is off) and calls `onMoved` (to announce it).
 * Reordered rows are moved in the DOM, which would otherwise drop the focus.
 */
export function useMoveFocus(state: FetcherState, onMoved: () => void): MoveFocus {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const pending = useRef<"up" | "down" | null>(null);
  const previous = useRef(state);
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (state !== "idle" || was === "idle" || !pending.current) return;
    const wanted = pending.current === "up" ? up.current : down.current;
    const other = pending.current === "up" ? down.current : up.current;
    pending.current = null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    onMoved();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return { up, down, pending };
}

function Chevron({ up = false }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-4">
      <path d={up ? "m6 15 6-6 6 6" : "m6 9 6 6 6-6"} />
    </svg>
  );
}

const iconButton =
  "grid size-9 shrink-0 place-items-center rounded-lg border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * Move up and Move down for row `index` of `count`, as submit buttons of the row's form
 * (`intent=move-up` / `move-down`): reordering by keyboard, with or without JavaScript. `what`
 * names the row in the buttons' names ("Move “Summer sale” up").
 */
export function MoveButtons({ what, index, count, refs, busy = false }: { what: string; index: number; count: number; refs?: MoveFocus; busy?: boolean }) {
  const t = useT();
  return (
    <>
      <button
        ref={refs?.up}
        type="submit"
        name="intent"
        value="move-up"
        aria-label={t("admin.rows.moveUp", { what })}
        title={t("admin.rows.moveUpTitle")}
        disabled={index === 0 || busy}
        onClick={() => refs && (refs.pending.current = "up")}
        className={iconButton}
      >
        <Chevron up />
      </button>
      <button
        ref={refs?.down}
        type="submit"
        name="intent"
        value="move-down"
        aria-label={t("admin.rows.moveDown", { what })}
        title={t("admin.rows.moveDownTitle")}
        disabled={index === count - 1 || busy}
        onClick={() => refs && (refs.pending.current = "down")}
        className={iconButton}
      >
        <Chevron />
      </button>
    </>
  );
}
