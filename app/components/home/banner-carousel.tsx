import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Banner } from "#modules/content";
import { ResponsiveImage } from "~/components/responsive-image";
import { imageSrcSet, publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "~/components/icons";
import { useLocalePath, useT } from "~/lib/i18n";

const INTERVAL_MS = 6000;
const SIZES = "(min-width: 1280px) 1216px, (min-width: 640px) calc(100vw - 3rem), 100vw";

/** A banner as the carousel shows it: `avif` when its picture also exists as (smaller) AVIF. */
export type CarouselBanner = Banner & { avif?: boolean };

/**
 * The home banners as an accessible carousel (WAI-ARIA APG): rotates every 6 s unless paused,
 * hovered, focused or the user prefers reduced motion; pause, previous/next and labelled dots.
 * Without JavaScript the first banner shows and the controls are left out. The first banner's
 * picture is the page's largest paint: in the server's HTML, preloaded, and never faded in.
 */
export function BannerCarousel({ banners }: { banners: CarouselBanner[] }) {
  const base = useImageBase();
  const t = useT();
  const localePath = useLocalePath();
  const [index, setIndex] = useState(0);
  // Slides fade in once the carousel has moved; the first paint shows the first banner at once.
  const [moved, setMoved] = useState(false);
  const [playing, setPlaying] = useState(true);
  const [interacting, setInteracting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const touchX = useRef<number | null>(null);
  const count = banners.length;
  const multiple = count > 1;

  useEffect(() => {
    setHydrated(true);
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) setPlaying(false);
  }, []);

  useEffect(() => {
    if (!playing || interacting || !multiple) return;
    const timer = setInterval(() => {
      setMoved(true);
      setIndex((i) => (i + 1) % count);
    }, INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, interacting, multiple, count]);

  // Warm the next banner's image so the slide change does not show an empty frame.
  useEffect(() => {
    const next = banners[(index + 1) % count];
    if (!hydrated || !multiple || !next) return;
    const img = new Image();
    img.sizes = SIZES;
    const srcset = imageSrcSet(next.image, "banner", next.avif ? "avif" : "webp", base);
    if (srcset) img.srcset = srcset;
    img.src = publicImageUrl(next.image, base);
  }, [hydrated, index, multiple, count, banners, base]);

  const go = (i: number) => {
    setMoved(true);
    setIndex(((i % count) + count) % count);
  };
  const rotating = playing && !interacting && multiple;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("shop.banner.label")}
      className="relative"
      onMouseEnter={() => setInteracting(true)}
      onMouseLeave={() => setInteracting(false)}
      onFocus={() => setInteracting(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setInteracting(false)}
    >
      <div
        className="overflow-hidden rounded-none bg-stone-900 sm:rounded-2xl"
        aria-live={rotating ? "off" : "polite"}
        onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start == null || end == null || Math.abs(end - start) < 40 || !multiple) return;
          go(index + (end < start ? 1 : -1));
        }}
      >
        {banners.map((b, i) => (
          <div
            key={b._id}
            role="group"
            aria-roledescription="slide"
            aria-label={t("shop.banner.slide", { index: i + 1, count })}
            hidden={i !== index}
            className={`relative md:aspect-[2/1] lg:aspect-[1920/720]${moved ? " animate-fade-in" : ""}`}
            data-testid="banner-slide"
          >
            <ResponsiveImage
              src={b.image}
              alt={b.alt}
              kind="banner"
              sizes={SIZES}
              priority={i === 0}
              avif={b.avif}
              className="aspect-[1920/720] w-full object-cover md:absolute md:inset-0 md:aspect-auto md:h-full"
            />
            <div className="relative flex flex-col justify-center bg-stone-900 px-5 py-6 md:absolute md:inset-0 md:w-3/5 md:bg-transparent md:bg-gradient-to-r md:from-stone-950/85 md:via-stone-950/55 md:to-transparent md:px-12 lg:px-16">
              <h2 className="max-w-lg text-2xl font-bold leading-tight tracking-tight text-white sm:text-3xl lg:text-5xl">{b.title}</h2>
              {b.subtitle && <p className="mt-2 max-w-md text-sm leading-relaxed text-stone-200 sm:text-base lg:mt-4 lg:text-lg">{b.subtitle}</p>}
              <div className="mt-4 lg:mt-7">
                <Link
                  to={bannerHref(b.link, localePath)}
                  tabIndex={i === index ? undefined : -1}
                  className="focus-light inline-flex h-11 items-center gap-2 rounded-full bg-white px-6 text-sm font-semibold text-stone-900 hover:bg-amber-300"
                >
                  {t("shop.banner.shopNow")} <ArrowRightIcon className="size-4" />
                  <span className="sr-only">{t("shop.linkOf", { title: b.title })}</span>
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>

      {/* The controls come with JavaScript; their room is kept before, so nothing below moves. */}
      {!hydrated && multiple && <div aria-hidden="true" className="mt-3 h-10" />}
      {hydrated && multiple && (
        <div className="mt-3 flex items-center justify-center gap-2 px-4" data-testid="carousel-controls">
          <button
            type="button"
            onClick={() => setPlaying((p) => !p)}
            className="grid size-10 place-items-center rounded-full border border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
          >
            {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
            <span className="sr-only">{playing ? t("shop.banner.pause") : t("shop.banner.play")}</span>
          </button>
          <button
            type="button"
            onClick={() => go(index - 1)}
            className="grid size-10 place-items-center rounded-full border border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
          >
            <ChevronLeftIcon className="size-5" />
            <span className="sr-only">{t("shop.banner.previous")}</span>
          </button>
          <ul className="flex items-center">
            {banners.map((b, i) => (
              <li key={b._id}>
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-current={i === index ? "true" : undefined}
                  className="group grid size-8 place-items-center rounded-full"
                >
                  <span className={`block h-2 rounded-full transition-all ${i === index ? "w-6 bg-stone-900" : "w-2 bg-stone-400 group-hover:bg-stone-600"}`} />
                  <span className="sr-only">{t("shop.banner.goTo", { index: i + 1, count, title: b.title })}</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => go(index + 1)}
            className="grid size-10 place-items-center rounded-full border border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
          >
            <ChevronRightIcon className="size-5" />
            <span className="sr-only">{t("shop.banner.next")}</span>
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * Where a banner leads: all products when it names nothing; a page of the shop in the page's
 * language; another site's address as it is.
 */
export function bannerHref(link: string | null | undefined, localePath: (path: string) => string): string {
  if (!link) return localePath("/product-category");
  return link.startsWith("/") && !link.startsWith("//") && !/^\/(admin-dashboard|api|uploads|assets)(\/|$)/.test(link) ? localePath(link) : link;
}
