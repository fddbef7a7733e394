import { useState } from "react";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { useT } from "~/lib/i18n";

/** `ids` with `id` taken out and put just before or after `target` (unchanged when either is missing or they are the same). */
export function placeBeside(ids: readonly string[], id: string, target: string, where: "before" | "after"): string[] {
  if (id === target || !ids.includes(id) || !ids.includes(target)) return [...ids];
  const rest = ids.filter((i) => i !== id);
  const at = rest.indexOf(target) + (where === "after" ? 1 : 0);
  rest.splice(at, 0, id);
  return rest;
}

/** Where a row being dragged would land: beside which row of the level, above or below it. */
export interface DropSpot {
  target: string;
  where: "before" | "after";
}

/**
 * Drag and drop among the rows of one level of the tree (the top-level categories, or one
 * category's sub-categories), with the browser's own drag and drop: `handleProps` go on a row's
 * handle, `rowProps` on each row. A drop posts the level's new order (`intent=reorder`) through
 * the level's fetcher; until the answer comes, `order` is the new order (and after a refusal, the
 * old one with `error`). Rows of another level are neither dragged here nor dropped on, so a drag
 * stays within its level; a top-level row dragged over a sub-category lands beside its parent.
 */
export function useLevelOrder({
  ids,
  parentId,
  onMoved,
}: {
  ids: readonly string[];
  parentId: string | null;
  onMoved: (id: string, position: number, count: number) => void;
}) {
  const fetcher = useBackgroundFetcher<{ ok: true } | { error: { message: string } }>(useT()("admin.categories.tree.reorderFailed"), {
    key: `category-reorder-${parentId ?? "top"}`,
  });
  const [dragging, setDragging] = useState<string | null>(null);
  const [spot, setSpot] = useState<DropSpot | null>(null);

  const sent = fetcher.formData?.getAll("ids").map(String);
  const order = sent && sent.length === ids.length && sent.every((i) => ids.includes(i)) ? sent : [...ids];
  const error = fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error.message : null;

  function drop(id: string, target: DropSpot) {
    const next = placeBeside(order, id, target.target, target.where);
    if (next.join() === order.join()) return;
    const form = new FormData();
    form.set("intent", "reorder");
    form.set("inline", "1");
    form.set("parentId", parentId ?? "");
    for (const i of next) form.append("ids", i);
    fetcher.submit(form, { method: "post" });
    onMoved(id, next.indexOf(id) + 1, next.length);
  }

  const handleProps = (id: string) => ({
    draggable: true,
    onDragStart(e: React.DragEvent<HTMLElement>) {
      e.stopPropagation();
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", id);
      const row = e.currentTarget.closest("[data-drag-row]");
      if (row instanceof HTMLElement) e.dataTransfer.setDragImage(row, 16, 16);
      setDragging(id);
    },
    onDragEnd() {
      setDragging(null);
      setSpot(null);
    },
  });

  const rowProps = (id: string) => ({
    "data-drag-row": "",
    onDragOver(e: React.DragEvent<HTMLElement>) {
      if (!dragging) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = "move";
      const box = e.currentTarget.getBoundingClientRect();
      const where = e.clientY < box.top + Math.min(box.height, 72) / 2 ? "before" : "after";
      if (spot?.target !== id || spot.where !== where) setSpot({ target: id, where });
    },
    onDragLeave(e: React.DragEvent<HTMLElement>) {
      if (dragging && spot?.target === id && !e.currentTarget.contains(e.relatedTarget as Node | null)) setSpot(null);
    },
    onDrop(e: React.DragEvent<HTMLElement>) {
      if (!dragging) return;
      e.preventDefault();
      e.stopPropagation();
      const box = e.currentTarget.getBoundingClientRect();
      drop(dragging, { target: id, where: e.clientY < box.top + Math.min(box.height, 72) / 2 ? "before" : "after" });
      setDragging(null);
      setSpot(null);
    },
  });

  /** Classes that show where the dragged row would land, and which row is moving. */
  const rowState = (id: string) =>
    dragging === id
      ? "opacity-50"
      : spot?.target === id
        ? spot.where === "before"
          ? "shadow-[inset_0_3px_0_0_#d97706]"
          : "shadow-[inset_0_-3px_0_0_#d97706]"
        : "";

  return { order, error, busy: fetcher.state !== "idle", handleProps, rowProps, rowState };
}
