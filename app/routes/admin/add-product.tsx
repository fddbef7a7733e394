import { Link } from "react-router";
import { auditActor, formFailure } from "~/components/admin/form-result.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, buttonClass } from "~/components/admin/ui";
import { listCategoryChoices, productBodyFromForm, productFieldErrors } from "~/components/admin/product/product-data.server";
import { ProductForm } from "~/components/admin/product/product-form";
import { emptyProductValues, valuesFromPosted } from "~/components/admin/product/product-form-values";
import { requireAdminScreen } from "~/lib/auth.server";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import type { Route } from "./+types/add-product";

/** The categories to choose from. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  return { categories: await listCategoryChoices(context) };
}

/**
 * Creates the product from the form (the products schema checks it, as for the JSON API) and
 * opens it for editing with "Product created"; a refusal comes back with each field's message and
 * what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  try {
    const product = await context.services.catalogAdmin.createProduct(auditActor(context, user), productBodyFromForm(form));
    return redirectWithToast(`/admin-dashboard/edit-product/${encodeURIComponent(product.id)}`, {
      kind: "success",
      message: adminT("admin.products.toast.created"),
      description: product.name,
    });
  } catch (err) {
    return formFailure(err, form, (fields) => productFieldErrors(fields, form));
  }
}

/** A new product: the one product form, empty. */
export default function AddProduct({ loaderData, actionData }: Route.ComponentProps) {
  const posted = actionData && "values" in actionData ? actionData.values : undefined;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.addProduct")}
        description={t("admin.products.addDescription")}
        actions={
          <Link to="/admin-dashboard/all-products" className={buttonClass("secondary", "sm")}>
            {t("admin.nav.allProducts")}
          </Link>
        }
      />
      <ProductForm mode="add" initial={posted ? valuesFromPosted(posted) : emptyProductValues()} categories={loaderData.categories} />
    </div>
  );
}
