import { Form, data } from "react-router";
import { AuditHistory } from "~/components/admin/audit-history";
import { ConfirmButton } from "~/components/admin/dialog";
import { auditActor, formFailure, readIntent, requireConfirmed } from "~/components/admin/form-result.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, StatusBadge, buttonClass } from "~/components/admin/ui";
import { listCategoryChoices, productBodyFromForm, productFieldErrors } from "~/components/admin/product/product-data.server";
import { ProductForm, STATUS_TEXT } from "~/components/admin/product/product-form";
import { valuesFromPosted, valuesFromProduct } from "~/components/admin/product/product-form-values";
import { requireAdminScreen } from "~/lib/auth.server";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { pageAddress } from "~/lib/page-address.server";
import { can } from "#common/auth/permissions";
import type { AdminHandle } from "~/components/admin/admin-nav";
import type { Route } from "./+types/edit-product";
import { adminMeta } from "./admin-meta";

const HISTORY_SIZE = 10;

/** The product as the admin edits it, the categories to choose from and the product's latest history. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireAdminScreen(context, request);
  const { catalogAdmin, audit } = context.services;
  const product = await catalogAdmin.getProduct(params.id);
  if (!product) throw data({ message: adminT("admin.products.notFound") }, { status: 404, statusText: "Not Found" });
  const [categories, history] = await Promise.all([
    listCategoryChoices(context),
    audit.list({ entity: "product", entityId: product.id, pageSize: HISTORY_SIZE }),
  ]);
  return { product, categories, history: history.entries, historyTotal: history.total, canSeeAuditLog: can(user, "admin") };
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = { breadcrumb: (d) => d?.product.name };

/**
 * Saves the form over the product (the version it was opened at must still be current: 409
 * otherwise, with nothing stored) and stays with "Saved"; makes a draft copy of the saved product
 * and opens it; or deletes it, once confirmed.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const actor = auditActor(context, user);
  const form = await request.formData();
  const { intent } = readIntent(form);
  try {
    if (intent === "delete") {
      requireConfirmed(readIntent(form), adminT("admin.products.deletingOne"));
      const product = await context.services.catalogAdmin.requireProduct(params.id);
      await context.services.catalogAdmin.deleteProduct(actor, params.id);
      return redirectWithToast("/admin-dashboard/all-products", {
        kind: "success",
        message: adminT("admin.products.toast.deleted"),
        description: product.name,
      });
    }
    if (intent === "duplicate") {
      const copy = await context.services.catalogAdmin.duplicateProduct(actor, params.id);
      return redirectWithToast(`/admin-dashboard/edit-product/${copy.id}`, {
        kind: "success",
        message: adminT("admin.products.toast.duplicated"),
        description: adminT("admin.products.toast.duplicatedText", { name: copy.name }),
      });
    }
    const body = productBodyFromForm(form);
    const product = await context.services.catalogAdmin.updateProduct(actor, params.id, body);
    return redirectWithToast(pageAddress(request), { kind: "success", message: adminT("admin.toast.saved"), description: product.name });
  } catch (err) {
    return formFailure(err, form, (fields) => productFieldErrors(fields, form));
  }
}

/** One product: the product form with its saved values, a link to its page in the shop, its history, Duplicate and Delete. */
export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, history, historyTotal, canSeeAuditLog } = loaderData;
  const posted = actionData && "values" in actionData ? actionData.values : undefined;
  const status = STATUS_TEXT[product.status];
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="break-words">{product.name}</span>
            <StatusBadge tone={status.tone} className="text-sm">
              {t(status.label)}
            </StatusBadge>
          </span>
        }
        description={product.status === "active" ? undefined : t(status.hint)}
        actions={
          <>
            <a href={`/products/${encodeURIComponent(product.slug)}`} className={buttonClass("secondary", "sm")} data-testid="view-on-shop">
              {t("admin.products.viewOnShop")}
              {product.status !== "active" && <span className="sr-only"> {t("admin.products.preview")}</span>}
            </a>
            <Form method="post">
              <button type="submit" name="intent" value="duplicate" className={buttonClass("secondary", "sm")}>
                {t("admin.products.duplicate")}
                <span className="sr-only"> {t("admin.products.duplicateWhat", { name: product.name })}</span>
              </button>
            </Form>
            <Form method="post">
              <ConfirmButton
                value="delete"
                title={t("admin.products.deleteTitle", { name: product.name })}
                body={t("admin.products.deleteBody")}
                confirmLabel={t("admin.products.deleteProduct")}
                className={buttonClass("danger", "sm")}
              >
                {t("admin.products.bulk.delete")}
              </ConfirmButton>
            </Form>
          </>
        }
      />
      {/* A new version (a save) starts the form again from what was stored; a refused save keeps what was typed. */}
      <ProductForm
        key={product.version}
        mode="edit"
        initial={posted ? valuesFromPosted(posted) : valuesFromProduct(product)}
        categories={categories}
        originalSlug={product.slug}
        aside={
          <AuditHistory
            entries={history}
            title={t("admin.products.history")}
            moreHref={
              canSeeAuditLog && historyTotal > history.length
                ? `/admin-dashboard/audit-log?entity=product&entityId=${encodeURIComponent(product.id)}`
                : undefined
            }
          />
        }
      />
    </div>
  );
}
