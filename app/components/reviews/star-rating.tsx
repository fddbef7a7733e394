import { useId } from "react";
import { useT } from "~/lib/i18n";

const STAR = "M10 1.5l2.6 5.5 6 .7-4.4 4.1 1.2 5.9L10 14.8l-5.4 2.9 1.2-5.9L1.4 7.7l6-.7z";
const SIZES = { sm: "size-4", md: "size-5", lg: "size-6" } as const;

interface Props {
  /** Stars from 0 to 5 (one decimal is shown); null or 0 reviews draws five empty stars. */
  average: number | null;
  /** The number of reviews, shown after the stars when given. */
  count?: number;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * Five stars filled to the average, display only, named for screen readers ("4.3 out of 5 stars",
 * with the count when given). Small and prop-driven: product cards reuse it.
 */
export function StarRating({ average, count, size = "sm", className = "" }: Props) {
  const t = useT();
  const clip = useId();
  const value = Math.max(0, Math.min(5, average ?? 0));
  const label = t("shop.rating.stars", { average: Math.round(value * 10) / 10 });
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <span role="img" aria-label={count === undefined ? label : `${label}, ${t("shop.rating.count", { count })}`} className="inline-flex">
        {[0, 1, 2, 3, 4].map((i) => {
          const fill = Math.max(0, Math.min(1, value - i));
          return (
            <svg key={i} viewBox="0 0 20 20" aria-hidden="true" className={`${SIZES[size]} shrink-0`}>
              <defs>
                <clipPath id={`${clip}-${i}`}>
                  <rect width={20 * fill} height="20" />
                </clipPath>
              </defs>
              <path d={STAR} fill="none" stroke="currentColor" strokeWidth="1.2" className="text-amber-600" />
              {fill > 0 && <path d={STAR} clipPath={`url(#${clip}-${i})`} className="fill-amber-500" />}
            </svg>
          );
        })}
      </span>
      {count !== undefined && (
        <span aria-hidden="true" className="text-sm text-stone-600">
          ({count})
        </span>
      )}
    </span>
  );
}
