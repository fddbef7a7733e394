import { data, useLocation } from "react-router";
import { CategoryForm, categoryAddress } from "~/components/admin/categories/category-form";
import { findCategory } from "~/components/admin/categories/category-options";
import { CategoryTree } from "~/components/admin/categories/category-tree";
import { auditActor, formFailure, readIntent, requireConfirmed } from "~/components/admin/form-result.server";
import { dataWithToast, redirectWithToast } from "~/components/admin/toast.server";
import { EmptyState, PageHeader, buttonClass } from "~/components/admin/ui";
import { requireAdminScreen } from "~/lib/auth.server";
import { AppError } from "#common/errors";
import type { AdminCategory, AdminCategoryNode } from "#modules/catalog";
import type { AdminHandle } from "~/components/admin/admin-nav";
import type { Route } from "./+types/categories";
import { adminMeta } from "./admin-meta";
import { translationsFromForm } from "~/components/admin/translation-form";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";

const LIST = "/admin-dashboard/add-category";

/**
 * The category tree (hidden categories too) with product counts; `?edit=<id>` opens a category's
 * form beside it, `?parent=<id>` the form of a new sub-category of that one. A category deleted
 * meanwhile sends back to the tree, saying so.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const tree = await context.services.categoriesAdmin.listTree();
  const editId = url.searchParams.get("edit");
  const found = editId ? findCategory(tree, editId) : null;
  if (editId && !found)
    throw redirectWithToast(LIST, {
      kind: "error",
      message: adminT("admin.categories.gone"),
      description: adminT("admin.categories.goneText"),
    });
  const editing = found
    ? { ...found.category, subCategories: "subCategories" in found.category ? (found.category as AdminCategoryNode).subCategories : [] }
    : null;
  const parentParam = url.searchParams.get("parent");
  const parentId = parentParam && tree.some((c) => c.id === parentParam) ? parentParam : null;
  return { tree, editing, parentId };
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Awaited<ReturnType<typeof loader>>> = {
  breadcrumb: (d) => d.editing?.name,
};

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * The form's fields as the categories service takes them. The address is sent only when it was
 * changed by hand: left as it was, it follows a new name (and the old one redirects).
 */
function categoryBody(form: FormData, editing: boolean) {
  const slug = text(form, "slug").trim();
  const version = Number(text(form, "version"));
  return {
    name: text(form, "name"),
    ...(slug && (!editing || slug !== text(form, "originalSlug")) ? { slug } : {}),
    parentId: text(form, "parentId"),
    image: text(form, "image"),
    hidden: form.get("hidden") === "on",
    ...translationsFromForm(form, ["name", "description"]),
    ...(editing && Number.isInteger(version) && version > 0 ? { version } : {}),
  };
}

/** What a saved rename says about the addresses: the new one, and that the old one redirects. */
function addressNote(before: AdminCategory, after: AdminCategory, tree: AdminCategoryNode[]): string | undefined {
  if (before.slug === after.slug) return undefined;
  const parentSlug = after.parentId ? (tree.find((c) => c.id === after.parentId)?.slug ?? null) : null;
  return adminT("admin.categories.addressNote", { now: categoryAddress(after.slug, parentSlug), old: categoryAddress(before.slug, parentSlug) });
}

/**
 * Creates or saves a category (page form: back to the tree with a toast; a refusal shows beside
 * the fields), moves one up or down among its siblings or puts a level in a dragged order, hides or shows one, or deletes one
 * (confirmed; its products move to the chosen category in the same step, and without one the
 * server's 409 says why). Row actions from a fetcher (`inline`) answer in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const admin = context.services.categoriesAdmin;
  const actor = auditActor(context, user);
  const form = await request.formData();
  const { intent, confirmed } = readIntent(form);
  const inline = form.get("inline") === "1";
  const id = text(form, "id");
  const done = (message: string, description?: string) => {
    const toast = { kind: "success" as const, message, description };
    return inline ? dataWithToast({ ok: true as const }, toast) : redirectWithToast(LIST, toast);
  };

  try {
    if (intent === "create") {
      const created = await admin.createCategory(actor, categoryBody(form, false));
      const parent = created.parentId ? await admin.getCategory(created.parentId) : null;
      return redirectWithToast(LIST, {
        kind: "success",
        message: parent
          ? adminT("admin.categories.toast.subAdded", { name: created.name, parent: parent.name })
          : adminT("admin.categories.toast.created", { name: created.name }),
        description: created.hidden ? adminT("admin.categories.toast.createdHidden") : undefined,
      });
    }
    if (intent === "update") {
      const before = await admin.getCategory(id);
      if (!before) throw new AppError("not_found", adminT("admin.categories.goneLong"));
      const saved = await admin.updateCategory(actor, id, categoryBody(form, true));
      return redirectWithToast(LIST, {
        kind: "success",
        message: adminT("admin.categories.toast.saved", { name: saved.name }),
        description: addressNote(before, saved, await admin.listTree()),
      });
    }
    if (intent === "move-up" || intent === "move-down") {
      const tree = await admin.listTree();
      const found = findCategory(tree, id);
      if (!found) throw new AppError("not_found", adminT("admin.categories.goneLong"));
      const ids = (found.parent ? found.parent.subCategories : tree).map((c) => c.id);
      const from = ids.indexOf(id);
      const to = from + (intent === "move-up" ? -1 : 1);
      if (to >= 0 && to < ids.length) {
        [ids[from], ids[to]] = [ids[to]!, ids[from]!];
        await admin.reorder(actor, { parentId: found.parent?.id ?? null, ids });
      }
      return inline
        ? data({ ok: true as const })
        : redirectWithToast(LIST, { kind: "success", message: adminT("admin.categories.toast.moved", { name: found.category.name }) });
    }
    if (intent === "reorder") {
      // A dragged row: the level's whole new order (the service refuses a stale or partial one).
      await admin.reorder(actor, { parentId: text(form, "parentId") || null, ids: form.getAll("ids").map(String) });
      return inline ? data({ ok: true as const }) : redirectWithToast(LIST, { kind: "success", message: adminT("admin.categories.toast.reordered") });
    }
    if (intent === "visibility") {
      const hidden = text(form, "hidden") === "1";
      const saved = await admin.updateCategory(actor, id, { hidden });
      return hidden
        ? done(adminT("admin.categories.toast.hidden", { name: saved.name }), adminT("admin.categories.toast.hiddenText"))
        : done(adminT("admin.categories.toast.shown", { name: saved.name }), adminT("admin.categories.toast.shownText"));
    }
    if (intent === "delete") {
      requireConfirmed({ confirmed }, adminT("admin.categories.theDeletion"));
      const moveTo = text(form, "moveTo");
      const before = await admin.getCategory(id);
      if (!before) throw new AppError("not_found", adminT("admin.categories.goneLong"));
      const target = moveTo ? await admin.getCategory(moveTo) : null;
      const result = await admin.deleteCategory(actor, id, { moveTo });
      const moved = result.movedProducts;
      return done(
        adminT("admin.categories.toast.deleted", { name: before.name }),
        moved > 0 && target ? adminT("admin.categories.toast.productsMoved", { count: moved, target: target.name }) : undefined,
      );
    }
    throw new AppError("invalid_input", adminT("admin.form.noIntent"));
  } catch (err) {
    if (intent === "create" || intent === "update") return formFailure(err, form);
    if (!(err instanceof AppError)) throw err;
    // A row's action: in place with JavaScript (the delete dialog shows it beside the target);
    // without it, back to the tree with the reason.
    if (inline) return data({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } }, { status: err.status });
    return redirectWithToast(LIST, { kind: "error", message: err.message });
  }
}

/** Categories and sub-categories: the tree in menu order, and the form to add or change one. */
export default function Categories({ loaderData }: Route.ComponentProps) {
  const { tree, editing, parentId } = loaderData;
  // A new form after each page navigation (a saved category, another one opened), not after a
  // row's change (a fetcher): what is being typed stays while the tree changes beside it.
  const { key } = useLocation();
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.categories")}
        description={t("admin.categories.description")}
        actions={
          <a href="#category-form" className={`${buttonClass("primary")} lg:hidden`}>
            {t("admin.categories.add")}
          </a>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        {tree.length === 0 ? (
          <EmptyState title={t("admin.categories.empty")}>{t("admin.categories.emptyText")}</EmptyState>
        ) : (
          <CategoryTree tree={tree} editing={editing?.id ?? null} />
        )}
        <div className="lg:sticky lg:top-6">
          <CategoryForm key={key} tree={tree} editing={editing} parentId={parentId} listHref={LIST} />
        </div>
      </div>
    </div>
  );
}
