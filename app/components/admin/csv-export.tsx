import { useT } from "~/lib/i18n";
import { buttonClass } from "./ui";

/** A value of a list's filter, as a loader has it (blank and absent ones are left out of the address). */
type FilterValue = string | number | boolean | null | undefined;

/**
 * The address of an admin CSV export (`/api/admin/<what>/export.csv`) with the list's current
 * search and filters as the API names them, so the download holds what the list shows.
 */
export function csvExportHref<F extends { [K in keyof F]: FilterValue }>(path: string, filters: F): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as Array<[string, FilterValue]>) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * "Export CSV": a plain download link (works before the scripts load), saying to screen readers
 * what it exports (`what`: "the orders these filters select").
 */
export function ExportCsvLink({ href, what, testId }: { href: string; what: string; testId: string }) {
  const t = useT();
  return (
    <a href={href} download className={buttonClass("secondary")} data-testid={testId}>
      {t("admin.csv.export")}
      <span className="sr-only"> {t("admin.csv.of", { what })}</span>
    </a>
  );
}
