import { useT } from "~/lib/i18n";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { ConfirmButton } from "~/components/admin/dialog";
import { buttonClass } from "~/components/admin/ui";
import { Spinner } from "~/components/auth/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import type { AdminBanner } from "#modules/content";
import { imageVariantUrl, publicImageUrl } from "#common/images/image-sizes";
import { BannerStateBadge, BannerWindow } from "./banner-state";
import { MoveButtons, useMoveFocus } from "./move-buttons";
import { useImageBase } from "~/lib/image-base";

/** What a row action answers when it ran through a fetcher: done, or the server's refusal. */
type RowAnswer = { ok: true } | { error: { message: string } };

/**
 * The banners in carousel order: picture, title, state (live, scheduled, expired, off), window and
 * link, with Move up/down (the home carousel follows), Edit and Delete (asks first). Each row posts
 * through its own fetcher, so a move keeps the page where it is; without JavaScript the same forms
 * post and the page comes back.
 */
export function BannerList({ banners }: { banners: AdminBanner[] }) {
  const t = useT();
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const count = useRef(banners.length);
  // A deleted row takes the focus with it: give it to the list's heading.
  useEffect(() => {
    if (banners.length < count.current && (document.activeElement === document.body || !document.activeElement)) heading.current?.focus();
    count.current = banners.length;
  }, [banners.length]);

  return (
    <section aria-labelledby="banner-list-title">
      <h2 id="banner-list-title" ref={heading} tabIndex={-1} className="sr-only">
        {t("admin.banners.listTitle")}
      </h2>
      <ol className="space-y-3" data-testid="banner-list">
        {banners.map((b, i) => (
          <BannerRow key={b.id} banner={b} index={i} count={banners.length} announce={setAnnouncement} />
        ))}
      </ol>
      <p aria-live="polite" className="sr-only" data-testid="banner-announcement">
        {announcement}
      </p>
    </section>
  );
}

function BannerRow({ banner: b, index, count, announce }: { banner: AdminBanner; index: number; count: number; announce: (text: string) => void }) {
  const hydrated = useHydrated();
  const base = useImageBase();
  const t = useT();
  const mover = useBackgroundFetcher<RowAnswer>(t("admin.banners.moveFailed"), { key: `banner-move-${b.id}` });
  const remover = useBackgroundFetcher<RowAnswer>(t("admin.banners.deleteFailed"), { key: `banner-delete-${b.id}` });
  const moveFocus = useMoveFocus(mover.state, () => announce(t("admin.banners.nowAt", { title: b.title, position: index + 1, count })));
  const failed = [mover.data, remover.data].find((d): d is { error: { message: string } } => !!d && "error" in d);
  const busy = mover.state !== "idle" || remover.state !== "idle";

  return (
    <li
      className={`grid gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4 lg:grid-cols-[12rem_minmax(0,1fr)_auto] ${busy ? "opacity-70" : ""}`}
      aria-busy={busy || undefined}
      data-testid="banner-row"
    >
      <div className="relative overflow-hidden rounded-lg bg-stone-100" style={{ aspectRatio: "1920 / 720" }}>
        <img
          src={publicImageUrl(imageVariantUrl(b.image, "banner", 640), base)}
          alt=""
          width={640}
          height={240}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
        <span className="absolute left-1.5 top-1.5 grid size-7 place-items-center rounded-full bg-stone-900/85 text-xs font-bold text-white" aria-hidden="true">
          {index + 1}
        </span>
      </div>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="min-w-0 break-words font-semibold text-stone-900" data-testid="banner-title">
            <span className="sr-only">{index + 1}. </span>
            {b.title}
          </h3>
          <BannerStateBadge state={b.state} />
        </div>
        {b.subtitle && <p className="mt-1 line-clamp-2 text-sm text-stone-700">{b.subtitle}</p>}
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs text-stone-700">
          <dt className="font-medium text-stone-900">{t("admin.banners.shows")}</dt>
          <dd>{b.active ? <BannerWindow banner={b} /> : t("admin.banners.notWhileOff")}</dd>
          <dt className="font-medium text-stone-900">{t("admin.bannerForm.link")}</dt>
          <dd className="break-all">{b.link ?? t("admin.banners.noLink")}</dd>
          <dt className="font-medium text-stone-900">{t("admin.images.alt")}</dt>
          <dd className="break-words">{b.alt || t("admin.banners.noAlt")}</dd>
        </dl>
        {failed && (
          <p role="alert" className="mt-2 text-sm font-medium text-rose-700">
            {failed.error.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-1 lg:flex-col lg:items-end">
        <mover.Form method="post" preventScrollReset className="flex items-center gap-1">
          <input type="hidden" name="id" value={b.id} />
          {hydrated && <input type="hidden" name="inline" value="1" />}
          <MoveButtons what={t("admin.categories.tree.quoted", { name: b.title })} index={index} count={count} refs={moveFocus} busy={mover.state !== "idle"} />
        </mover.Form>
        <div className="flex items-center gap-2">
          <Link to={`?edit=${encodeURIComponent(b.id)}`} className={buttonClass("secondary", "sm")}>
            {t("admin.categories.tree.edit")}
            <span className="sr-only"> {t("admin.categories.tree.quoted", { name: b.title })}</span>
          </Link>
          <remover.Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={b.id} />
            {hydrated && <input type="hidden" name="inline" value="1" />}
            <ConfirmButton
              value="delete"
              title={t("admin.products.deleteTitle", { name: b.title })}
              body={b.state === "live" ? t("admin.banners.deleteLive") : t("admin.categories.delete.cannotUndo")}
              confirmLabel={t("admin.banners.delete")}
              className={buttonClass("ghost", "sm")}
              disabled={remover.state !== "idle"}
            >
              {remover.state !== "idle" ? <Spinner /> : null}
              {t("admin.products.bulk.delete")}
              <span className="sr-only"> {t("admin.categories.tree.quoted", { name: b.title })}</span>
            </ConfirmButton>
          </remover.Form>
        </div>
      </div>
    </li>
  );
}
