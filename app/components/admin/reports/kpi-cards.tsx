import { useT } from "~/lib/i18n";

/** One figure of a report's totals: its name, the value as shown, an optional line saying what it holds. */
export interface Kpi {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}

/** A report's totals as cards, the first the widest on a phone (the figure the report is about). */
export function KpiCards({ cards, id, wide = false }: { cards: Kpi[]; id: string; wide?: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="sr-only">
        {t("admin.analytics.totals")}
      </h2>
      <dl className={`grid grid-cols-2 gap-3 md:grid-cols-3 ${wide ? "xl:grid-cols-5" : ""}`}>
        {cards.map((c, i) => (
          <div key={c.label} className={`rounded-2xl border border-stone-200 bg-white p-4 ${i === 0 ? "col-span-2 md:col-span-1" : ""}`} data-testid={c.testId}>
            <dt className="text-sm font-medium text-stone-700">{c.label}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums text-stone-900 sm:text-2xl">{c.value}</dd>
            {c.hint && <dd className="mt-0.5 text-xs text-stone-600">{c.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
