import type { CSSProperties } from "react";
import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";

const SIZES = { sm: "text-base", md: "text-xl", lg: "text-2xl" } as const;

/** What a screen reader hears for a rating: "4.3 out of 5 stars", with the count when given. */
export function ratingLabel(t: Translate, average: number | null, count?: number): string {
  const label = t("shop.rating.stars", { average: Math.round(Math.max(0, Math.min(5, average ?? 0)) * 10) / 10 });
  return count === undefined ? label : `${label}, ${t("shop.rating.count", { count })}`;
}

interface StarsProps {
  /** Stars from 0 to 5; null draws five empty stars. */
  average: number | null;
  /** The screen reader's name of the stars (`ratingLabel`); without one they are decoration, hidden from screen readers. */
  label?: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * Five stars filled to the average as one element: a star mask repeated five times over a
 * gradient stopped at the average (`.stars` in app.css). No ids and no hooks, so a product card's
 * markup, rendered once and reused, can carry it; a few dozen bytes per card.
 */
export function Stars({ average, label, size = "sm", className = "" }: StarsProps) {
  const filled = (Math.max(0, Math.min(5, average ?? 0)) / 5) * 100;
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return <span {...named} className={`stars ${SIZES[size]} ${className}`} style={{ "--stars": `${filled}%` } as CSSProperties} />;
}

/** Stars named for screen readers in the page's language, with the number of reviews after them when given. */
export function StarRating({ average, count, size = "sm", className = "" }: Omit<StarsProps, "label"> & { count?: number }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <Stars average={average} label={ratingLabel(t, average, count)} size={size} />
      {count !== undefined && (
        <span aria-hidden="true" className="text-sm text-stone-600">
          ({count})
        </span>
      )}
    </span>
  );
}
