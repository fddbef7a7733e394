/** A copy of `list` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

let counter = 0;
/** A key for a row that lives only in the browser (React keys of editable lists). */
export function rowKey(prefix = "row"): string {
  counter += 1;
  return `${prefix}-${counter}`;
}
