import { useT } from "~/lib/i18n";

const whole = new Intl.NumberFormat("en");

/**
 * A report's table of figures (a breakdown, a ranking): a heading, a label per row and its figures
 * right-aligned (numbers with grouped digits), scrolling sideways on a phone and focusable so the
 * keyboard can scroll it too; a sentence when there is no row.
 */
export function FigureTable({
  title,
  heads,
  rows,
  testId,
  empty,
}: {
  title: string;
  heads: string[];
  rows: Array<{ key: string; label: React.ReactNode; figures: Array<number | string> }>;
  testId: string;
  empty?: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby={`${testId}-title`} className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-testid={testId}>
      <h2 id={`${testId}-title`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">{empty ?? t("admin.charts.nothingDot")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${testId}-title`}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                {heads.map((h, i) => (
                  <th key={h} scope="col" className={`py-2 font-medium whitespace-nowrap ${i === 0 ? "pr-3" : "pl-3 text-right"}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" className="min-w-[9rem] py-2 pr-3 text-left font-normal text-stone-900">
                    {r.label}
                  </th>
                  {r.figures.map((f, i) => (
                    <td key={heads[i + 1]} className="py-2 pl-3 text-right tabular-nums whitespace-nowrap text-stone-900">
                      {typeof f === "number" ? whole.format(f) : f}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
