import { Link } from "react-router";
import { useLocalePath, useT } from "~/lib/i18n";

export interface Crumb {
  name: string;
  href: string;
}

/** The trail from Home to the current page (links in the page's language); the last item is the page itself and is not a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <nav aria-label={t("shop.breadcrumb.label")} className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={item.href} className="flex items-center gap-x-1.5">
              {i > 0 && (
                <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 text-stone-400">
                  <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              )}
              {last ? (
                <span aria-current="page" className="font-medium text-stone-900 line-clamp-1">
                  {item.name}
                </span>
              ) : (
                <Link
                  to={localePath(item.href)}
                  className="rounded underline-offset-4 hover:text-stone-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
                >
                  {item.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
