import { Link, useLocation } from "react-router";
import { pageItems, withParams } from "./listing-url";
import { useT } from "~/lib/i18n";

const base =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";

function Arrow({ dir }: { dir: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4">
      <path
        d={dir === "left" ? "M10 3L5 8l5 5" : "M6 3l5 5-5 5"}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Previous/next and numbered page links that keep the rest of the query (and the page's address,
 * language included); nothing when there is one page.
 */
export function Pagination({ page, totalPages, label }: { page: number; totalPages: number; label?: string }) {
  const location = useLocation();
  const t = useT();
  if (totalPages <= 1) return null;
  const params = new URLSearchParams(location.search);
  const href = (p: number) => withParams(location.pathname, params, { page: p });
  return (
    <nav aria-label={label ?? t("shop.pagination.label")} className="mt-10 flex items-center justify-center gap-1" data-testid="pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={`${base} gap-1 text-stone-800 hover:bg-stone-200`}>
          <Arrow dir="left" />
          <span>{t("shop.pagination.previous")}</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={`${base} gap-1 text-stone-500`}>
          <Arrow dir="left" />
          <span>{t("shop.pagination.previous")}</span>
        </span>
      )}
      <ol className="hidden items-center gap-1 sm:flex">
        {pageItems(page, totalPages).map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={t("shop.pagination.page", { page: item })}
                aria-current={item === page ? "page" : undefined}
                className={`${base} ${item === page ? "bg-stone-900 text-white" : "text-stone-800 hover:bg-stone-200"}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      <p className="px-3 text-sm text-stone-700 sm:hidden">{t("shop.pagination.pageOf", { page, total: totalPages })}</p>
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next" className={`${base} gap-1 text-stone-800 hover:bg-stone-200`}>
          <span>{t("shop.pagination.next")}</span>
          <Arrow dir="right" />
        </Link>
      ) : (
        <span aria-disabled="true" className={`${base} gap-1 text-stone-500`}>
          <span>{t("shop.pagination.next")}</span>
          <Arrow dir="right" />
        </span>
      )}
    </nav>
  );
}
