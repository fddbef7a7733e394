import { useState } from "react";
import { FormCheckbox } from "~/components/admin/form";
import { buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useT } from "~/lib/i18n";

// The list editors of the settings form (zones, couriers, currencies): rows posted as
// `<group>.<i>.<field>`, added and removed in place with JavaScript; without it, the page offers
// one empty row to fill in and a "Remove" box per row (the action skips blank and ticked rows).

/** One row of a list editor: `key` keeps React's rows apart when one is removed. */
export type Row<T> = T & { key: string };
let rowCounter = 0;
const keyed = <T,>(items: T[]): Row<T>[] => items.map((item) => ({ ...item, key: `r${(rowCounter += 1)}` }));

/** A list editor's rows, with Add and Remove for the page with JavaScript. */
export function useRows<T>(initial: T[]) {
  const [rows, setRows] = useState<Row<T>[]>(() => keyed(initial));
  return { rows, add: (item: T) => setRows((r) => [...r, ...keyed([item])]), remove: (key: string) => setRows((r) => r.filter((x) => x.key !== key)) };
}

/** A row's Remove: a button with JavaScript, a "Remove …" box the action reads without it. */
export function RemoveRow({ group, index, label, onRemove }: { group: string; index: number; label: string; onRemove: () => void }) {
  const hydrated = useHydrated();
  const t = useT();
  if (!hydrated) return <FormCheckbox name={`${group}.${index}.remove`} label={t("admin.settings.removeRow", { label })} />;
  return (
    <button
      type="button"
      className={buttonClass("ghost", "sm")}
      onClick={(e) => {
        // The form hears the removal as a change (the unsaved-changes warning): React reports a
        // dispatched change event for a select (the shop's country is always there).
        e.currentTarget.form?.querySelector("select")?.dispatchEvent(new Event("change", { bubbles: true }));
        onRemove();
      }}
    >
      {t("admin.settings.remove")} <span className="sr-only">{label}</span>
    </button>
  );
}
