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
    if (!banner) throw redirectWithToast(LIST, { kind: "error", message: "This banner no longer exists.", description: "Someone may have deleted it." });
    return { mode: "edit" as const, banners, banner };
  }
  if (url.searchParams.has("new")) return { mode: "new" as const, banners, banner: null };
  return { mode: "list" as const, banners, banner: null };
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Awaited<ReturnType<typeof loader>>> = {
  breadcrumb: (d) => (d.mode === "new" ? "New banner" : d.mode === "edit" ? (d.banner?.title ?? "Edit banner") : undefined),
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

/** What the toast adds about where a saved banner is now. */
function whereItShows(b: AdminBanner): string {
  if (b.state === "live") return "It is on the home page now.";
  if (b.state === "scheduled") return "It goes on the home page when its start time comes.";
  if (b.state === "expired") return "Its end time has passed: it does not show.";
  return "It is off: it does not show on the home page.";
}

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
        message: id ? `Banner “${saved.title}” saved.` : `Banner “${saved.title}” created.`,
        description: whereItShows(saved),
      });
    }
    if (intent === "move-up" || intent === "move-down") {
      const ids = (await banners.listAll()).map((b) => b.id);
      const from = ids.indexOf(id);
      const to = from + (intent === "move-up" ? -1 : 1);
      if (from < 0) throw new AppError("not_found", "This banner no longer exists.");
      if (to >= 0 && to < ids.length) {
        [ids[from], ids[to]] = [ids[to]!, ids[from]!];
        await banners.reorder(actor, { ids });
      }
      return inline
        ? data({ ok: true as const })
        : redirectWithToast(LIST, { kind: "success", message: "Banner moved.", description: "The home page's carousel shows the banners in this order." });
    }
    if (intent === "delete") {
      requireConfirmed({ confirmed }, "the deletion");
      const banner = await banners.getBanner(id);
      if (!banner) throw new AppError("not_found", "This banner no longer exists.");
      await banners.deleteBanner(actor, id);
      const toast = { kind: "success" as const, message: `Banner “${banner.title}” deleted.` };
      return inline ? dataWithToast({ ok: true as const }, toast) : redirectWithToast(LIST, toast);
    }
    throw new AppError("invalid_input", "This form does not say what to do. Reload the page and try again.");
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
  if (mode !== "list") {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader
          title={mode === "new" ? "New banner" : "Edit banner"}
          description={
            mode === "new"
              ? "It goes last in the carousel; move it up from the list."
              : `Position ${banners.findIndex((b) => b.id === banner?.id) + 1} of ${banners.length} in the carousel.`
          }
        />
        <BannerForm key={banner?.id ?? "new"} banner={banner} listHref={LIST} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Banners"
        description={
          <>
            The home page’s carousel shows the live banners in this order.
            {banners.length > 0 && <span className="mt-1 block text-sm text-stone-600">{bannerCounts(banners)}</span>}
          </>
        }
        actions={
          banners.length > 0 && (
            <Link to="?new" className={buttonClass("primary")}>
              Add banner
            </Link>
          )
        }
      />
      {banners.length === 0 ? (
        <EmptyState
          title="No banners yet"
          action={
            <Link to="?new" className={buttonClass("primary")}>
              Add banner
            </Link>
          }
        >
          The home page shows its carousel once a banner is live. Add one with a wide picture, a title and where it leads.
        </EmptyState>
      ) : (
        <BannerList banners={banners} />
      )}
    </div>
  );
}
