import { Link, data } from "react-router";
import { BannerForm } from "~/components/admin/banners/banner-form";
import { BannerList } from "~/components/admin/banners/banner-list";
import { bannerCounts } from "~/components/admin/banners/banner-state";
import { zonedToInstant } from "~/components/admin/banners/zoned-time";
import { auditActor, formFailure, readIntent, requireConfirmed } from "~/components/admin/form-result.server";
import { dataWithToast, redirectWithToast } from "~/components/admin/toast.server";
import { EmptyState, PageHeader, buttonClass } from "~/components/admin/ui";
import { requireAdminScreen } from "~/lib/auth.server";
import { AppError } from "#common/errors";
import type { AdminBanner } from "#modules/content";
import type { AdminHandle } from "~/components/admin/admin-nav";
import type { Route } from "./+types/banners";
import { adminMeta } from "./admin-meta";
import { translationsFromForm } from "~/components/admin/translation-form";
import type { MessageKey } from "#common/i18n/catalogs";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";

const LIST = "/admin-dashboard/banner-management";

/**
 * The banners in carousel order with their state; `?new` opens an empty form and `?edit=<id>` a
 * banner's form (a banner deleted meanwhile sends back to the list, saying so).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const banners = await context.services.banners.listAll();
  const editId = url.searchParams.get("edit");
  if (editId) {
    const banner = banners.find((b) => b.id === editId);
    if (!banner)
      throw redirectWithToast(LIST, {
        kind: "error",
        message: adminT("admin.banners.gone"),
        description: adminT("admin.categories.goneText"),
      });
    return { mode: "edit" as const, banners, banner };
  }
  if (url.searchParams.has("new")) return { mode: "new" as const, banners, banner: null };
  return { mode: "list" as const, banners, banner: null };
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Awaited<ReturnType<typeof loader>>> = {
  breadcrumb: (d, t) => (d.mode === "new" ? t("admin.banners.new") : d.mode === "edit" ? (d.banner?.title ?? t("admin.banners.edit")) : undefined),
};

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The form's fields as the banners service takes them: the window's times read in the admin's time zone. */
function bannerBody(form: FormData) {
  const zone = text(form, "timeZone");
  const version = Number(text(form, "version"));
  return {
    title: text(form, "title"),
    subtitle: text(form, "subtitle"),
    image: text(form, "image"),
    alt: text(form, "alt"),
    link: text(form, "link"),
    active: form.get("active") === "on",
    startsAt: zonedToInstant(text(form, "startsAt"), zone),
    endsAt: zonedToInstant(text(form, "endsAt"), zone),
    ...translationsFromForm(form, ["title", "subtitle", "alt"]),
    ...(Number.isInteger(version) && version > 0 ? { version } : {}),
  };
}

/** What the toast adds about where a saved banner is now, by its state. */
const WHERE_IT_SHOWS: Record<AdminBanner["state"], MessageKey> = {
  live: "admin.banners.where.live",
  scheduled: "admin.banners.where.scheduled",
  expired: "admin.banners.where.expired",
  off: "admin.banners.where.off",
};

/**
 * Saves the form (create or update), moves a banner up or down (the home carousel follows), or
 * deletes one (confirmed). A page form redirects to the list with a toast; a row's fetcher
 * (`inline`) gets its answer in place, so the list stays where it was.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const { banners } = context.services;
  const actor = auditActor(context, user);
  const form = await request.formData();
  const { intent, confirmed } = readIntent(form);
  const inline = form.get("inline") === "1";
  const id = text(form, "id");

  try {
    if (intent === "save") {
      const body = bannerBody(form);
      const saved = id ? await banners.updateBanner(actor, id, body) : await banners.createBanner(actor, body);
      return redirectWithToast(LIST, {
        kind: "success",
        message: id ? adminT("admin.banners.toast.saved", { title: saved.title }) : adminT("admin.banners.toast.created", { title: saved.title }),
        description: adminT(WHERE_IT_SHOWS[saved.state]),
      });
    }
    if (intent === "move-up" || intent === "move-down") {
      const ids = (await banners.listAll()).map((b) => b.id);
      const from = ids.indexOf(id);
      const to = from + (intent === "move-up" ? -1 : 1);
      if (from < 0) throw new AppError("not_found", adminT("admin.banners.gone"));
      if (to >= 0 && to < ids.length) {
        [ids[from], ids[to]] = [ids[to]!, ids[from]!];
        await banners.reorder(actor, { ids });
      }
      return inline
        ? data({ ok: true as const })
        : redirectWithToast(LIST, {
            kind: "success",
            message: adminT("admin.banners.toast.moved"),
            description: adminT("admin.banners.toast.movedText"),
          });
    }
    if (intent === "delete") {
      requireConfirmed({ confirmed }, adminT("admin.categories.theDeletion"));
      const banner = await banners.getBanner(id);
      if (!banner) throw new AppError("not_found", adminT("admin.banners.gone"));
      await banners.deleteBanner(actor, id);
      const toast = { kind: "success" as const, message: adminT("admin.banners.toast.deleted", { title: banner.title }) };
      return inline ? dataWithToast({ ok: true as const }, toast) : redirectWithToast(LIST, toast);
    }
    throw new AppError("invalid_input", adminT("admin.form.noIntent"));
  } catch (err) {
    if (intent === "save") return formFailure(err, form);
    if (!(err instanceof AppError)) throw err;
    // A row's action: in place with JavaScript; without it, back to the list with the reason.
    if (inline) return data({ error: { message: err.message } }, { status: err.status });
    return redirectWithToast(LIST, { kind: "error", message: err.message });
  }
}

/** The home page's banners: the list in carousel order, and the form to add or change one. */
export default function Banners({ loaderData }: Route.ComponentProps) {
  const { mode, banners, banner } = loaderData;
  const t = useT();
  if (mode !== "list") {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader
          title={mode === "new" ? t("admin.banners.new") : t("admin.banners.edit")}
          description={
            mode === "new"
              ? t("admin.banners.newText")
              : t("admin.banners.position", { position: banners.findIndex((b) => b.id === banner?.id) + 1, count: banners.length })
          }
        />
        <BannerForm key={banner?.id ?? "new"} banner={banner} listHref={LIST} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t("admin.nav.banners")}
        description={
          <>
            {t("admin.banners.description")}
            {banners.length > 0 && <span className="mt-1 block text-sm text-stone-600">{bannerCounts(banners, t)}</span>}
          </>
        }
        actions={
          banners.length > 0 && (
            <Link to="?new" className={buttonClass("primary")}>
              {t("admin.banners.add")}
            </Link>
          )
        }
      />
      {banners.length === 0 ? (
        <EmptyState
          title={t("admin.banners.empty")}
          action={
            <Link to="?new" className={buttonClass("primary")}>
              {t("admin.banners.add")}
            </Link>
          }
        >
          {t("admin.banners.emptyText")}
        </EmptyState>
      ) : (
        <BannerList banners={banners} />
      )}
    </div>
  );
}
