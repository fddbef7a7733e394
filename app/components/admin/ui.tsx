import { Link } from "react-router";
import { useT } from "~/lib/i18n";

/** Class names of the admin's buttons and button-like links, by weight (size "sm" for toolbars and rows). */
export function buttonClass(variant: "primary" | "secondary" | "danger" | "ghost" = "secondary", size: "md" | "sm" = "md"): string {
  const sizes = { md: "h-11 px-5 text-sm", sm: "h-9 px-3.5 text-sm" }[size];
  const variants = {
    primary: "bg-stone-900 text-white hover:bg-stone-700",
    secondary: "border border-stone-300 bg-white text-stone-900 hover:bg-stone-50",
    danger: "bg-rose-700 text-white hover:bg-rose-800",
    ghost: "text-stone-800 hover:bg-stone-200",
  }[variant];
  return `inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60 ${sizes} ${variants}`;
}

/** One step of the breadcrumb trail; the last one is the page itself (no link). */
export interface AdminCrumb {
  label: string;
  /** Where the step leads; an area (Catalogue) has no page of its own and no link. */
  href?: string;
}

/**
 * The trail above an admin page: Dashboard › Catalogue › All products. The last item is the
 * current page (aria-current). The layout builds it from the navigation table (admin-nav.ts
 * adminCrumbs) and a screen's `handle.breadcrumb`.
 */
export function Breadcrumbs({ items }: { items: AdminCrumb[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t("admin.shell.breadcrumb")} className="min-w-0 text-sm text-stone-600" data-testid="admin-breadcrumbs">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`} className="flex min-w-0 items-center gap-x-1.5">
              {i > 0 && (
                <span aria-hidden="true" className="text-stone-400">
                  ›
                </span>
              )}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-stone-900">
                  {item.label}
                </span>
              ) : item.href ? (
                <Link to={item.href} className="rounded underline-offset-4 hover:text-stone-900 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The head of an admin screen: its h1 `title`, an optional `description` under it and, on the
 * right (below on phones), the screen's `actions` (its primary action first, e.g.
 * `<Link className={buttonClass("primary")} to="/admin-dashboard/add-product">Add product</Link>`).
 */
export function PageHeader({ title, description, actions }: { title: React.ReactNode; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
      <div className="min-w-0 max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
        {description && <p className="mt-2 leading-relaxed text-stone-700">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

const TONES = {
  neutral: "bg-stone-100 text-stone-800 ring-stone-300",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  danger: "bg-rose-50 text-rose-800 ring-rose-300",
  info: "bg-sky-50 text-sky-900 ring-sky-300",
} as const;

export type StatusTone = keyof typeof TONES;

/**
 * A small coloured pill with its text (Active, Draft, Low stock…). The text carries the meaning;
 * the colour (`tone`) only repeats it, so it passes for colour-blind readers too.
 */
export function StatusBadge({ tone = "neutral", children, className = "" }: { tone?: StatusTone; children: React.ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

/**
 * What an empty list says instead of a blank table: a `title` ("No products yet"), a sentence
 * (`children`) and an optional `action` (a link or button: "Add product", "Clear filters").
 */
export function EmptyState({
  title,
  children,
  action,
  testId = "empty-state",
}: {
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid={testId}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true" focusable="false" className="size-10 text-stone-400">
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z" />
        <path d="m3 7.5 9 4.5 9-4.5M12 12v9" />
      </svg>
      <h2 className="mt-3 text-lg font-semibold text-stone-900">{title}</h2>
      {children && <div className="mt-1 max-w-md text-sm leading-relaxed text-stone-700">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
