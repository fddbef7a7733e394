import { useRef, useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { useT } from "~/lib/i18n";

const MAIN_SIZES = "(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw";

function Chevron({ dir }: { dir: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
      <path
        d={dir === "left" ? "M12.5 4l-6 6 6 6" : "M7.5 4l6 6-6 6"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * All product images in a swipeable strip (scroll snapping, so it works without JavaScript), with
 * labelled thumbnail buttons and previous/next buttons. Only the first image loads eagerly.
 */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const [active, setActive] = useState(0);
  const t = useT();
  const track = useRef<HTMLUListElement>(null);
  const count = images.length;

  function show(index: number) {
    const el = track.current;
    const i = (index + count) % count;
    setActive(i);
    if (!el) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ left: i * el.clientWidth, behavior: smooth ? "smooth" : "auto" });
  }

  function onScroll() {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const i = Math.round(el.scrollLeft / el.clientWidth);
    if (i !== active && i >= 0 && i < count) setActive(i);
  }

  if (count === 0) {
    return (
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-stone-100">
        <ResponsiveImage src={undefined} alt={t("shop.gallery.noPicture", { name })} kind="product" sizes={MAIN_SIZES} className="w-full" />
      </div>
    );
  }

  return (
    <section aria-label={t("shop.gallery.label", { name })} className="min-w-0" data-testid="gallery">
      <div className="relative">
        <ul
          ref={track}
          onScroll={onScroll}
          tabIndex={0}
          aria-label={count > 1 ? t("shop.gallery.scroll", { count }) : t("shop.gallery.single")}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl border border-stone-200 bg-white [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 [&::-webkit-scrollbar]:hidden"
        >
          {images.map((src, i) => (
            <li key={`${src}-${i}`} className="w-full shrink-0 snap-center snap-always">
              <ResponsiveImage
                src={src}
                alt={i === 0 ? name : t("shop.gallery.alt", { name, index: i + 1, count })}
                kind="product"
                sizes={MAIN_SIZES}
                priority={i === 0}
                className="aspect-square w-full object-cover"
              />
            </li>
          ))}
        </ul>
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(active - 1)}
              aria-label={t("shop.gallery.previous")}
              className="absolute left-3 top-1/2 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow ring-1 ring-stone-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 sm:flex"
            >
              <Chevron dir="left" />
            </button>
            <button
              type="button"
              onClick={() => show(active + 1)}
              aria-label={t("shop.gallery.next")}
              className="absolute right-3 top-1/2 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow ring-1 ring-stone-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 sm:flex"
            >
              <Chevron dir="right" />
            </button>
            <p className="absolute bottom-3 right-3 rounded-full bg-stone-900/80 px-2.5 py-0.5 text-xs font-medium text-white" aria-hidden="true">
              {active + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto p-1" aria-label={t("shop.gallery.choose")}>
          {images.map((src, i) => (
            <li key={`${src}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={t("shop.gallery.show", { index: i + 1, count })}
                aria-current={i === active ? "true" : undefined}
                className="block h-16 w-16 overflow-hidden rounded-lg border-2 border-transparent bg-stone-100 opacity-75 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-[current=true]:border-stone-900 aria-[current=true]:opacity-100 sm:h-20 sm:w-20"
              >
                <ResponsiveImage src={src} alt="" kind="product" sizes="80px" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
