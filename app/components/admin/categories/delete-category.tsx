import { useEffect, useId, useState } from "react";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { ConfirmDialog } from "~/components/admin/dialog";
import { buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import type { AdminCategory, AdminCategoryNode } from "#modules/catalog";
import { moveTargets } from "./category-options";
import { useRichT, useT } from "~/lib/i18n";

/** What the delete answers through its fetcher: done, or the server's refusal (409 without a target). */
export type DeleteAnswer = { ok: true } | { error: { message: string; fields?: Record<string, string> } };

/**
 * Delete for one category, asked in one step: a category that still holds products (its own or its
 * sub-categories') needs the category they move to, chosen in the same dialog; the server refuses
 * (409) without one, and its message shows there. With JavaScript a modal dialog (the row's
 * fetcher posts it); without, a disclosure with the same form.
 */
export function DeleteCategory({ category, tree }: { category: AdminCategory & { subCategories?: AdminCategory[] }; tree: readonly AdminCategoryNode[] }) {
  const hydrated = useHydrated();
  const t = useT();
  const richT = useRichT();
  const fetcher = useBackgroundFetcher<DeleteAnswer>(t("admin.categories.delete.failed"), { key: `category-delete-${category.id}` });
  const [open, setOpen] = useState(false);
  const uid = useId();
  const busy = fetcher.state !== "idle";
  const failure = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const subs = category.subCategories ?? [];
  const held = category.productCount;
  const targets = moveTargets(tree, category);
  const targetError = failure?.fields?.moveTo;
  const products = t("admin.categories.products", { count: held });

  // Done: the row goes away with the next list; close the dialog (a refusal keeps it open).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "ok" in fetcher.data) setOpen(false);
  }, [fetcher.state, fetcher.data]);

  const body = (
    <div className="space-y-3">
      {held > 0 ? (
        <>
          <p>
            {richT(subs.length > 0 ? "admin.categories.delete.holdsWithSubs" : "admin.categories.delete.holds", {
              products: <strong className="font-semibold text-stone-900">{products}</strong>,
              count: held,
            })}
          </p>
          <div>
            <label htmlFor={`${uid}-move`} className="block text-sm font-medium text-stone-900">
              {t("admin.categories.delete.moveTo")}
            </label>
            <select
              id={`${uid}-move`}
              name="moveTo"
              defaultValue=""
              aria-invalid={targetError ? true : undefined}
              aria-describedby={targetError ? `${uid}-move-error` : undefined}
              className={`mt-1.5 block h-11 w-full rounded-xl border bg-white px-3 text-base text-stone-900 ${targetError ? "border-rose-600" : "border-stone-300"}`}
            >
              <option value="">{t("admin.productForm.chooseCategory")}</option>
              {targets.map((target) => (
                <option key={target.value} value={target.value}>
                  {target.label}
                </option>
              ))}
            </select>
            {targetError && (
              <p id={`${uid}-move-error`} className="mt-1.5 text-sm font-medium text-rose-700">
                {targetError}
              </p>
            )}
          </div>
          <p>
            {richT("admin.categories.delete.redirects", { address: <code className="break-all text-xs">/product-category/{category.slug}</code> })}
            {subs.length > 0 && ` ${t("admin.categories.delete.subsMove")}`}
          </p>
        </>
      ) : (
        <p>
          {t("admin.categories.delete.noProducts")}
          {subs.length > 0 && ` ${t("admin.categories.delete.subsGo", { count: subs.length })}`} {t("admin.categories.delete.cannotUndo")}
        </p>
      )}
      {failure && !targetError && (
        <p role="alert" className="rounded-lg bg-rose-50 p-3 text-sm font-medium text-rose-800">
          {failure.message}
        </p>
      )}
      {failure && targetError && (
        <p role="alert" className="text-sm font-medium text-rose-800" data-testid="delete-refused">
          {failure.message}
        </p>
      )}
    </div>
  );

  const fields = (
    <>
      <input type="hidden" name="id" value={category.id} />
      {hydrated && <input type="hidden" name="inline" value="1" />}
    </>
  );
  const confirmLabel = busy
    ? t("admin.categories.delete.deleting")
    : held > 0
      ? t("admin.categories.delete.deleteAndMove", { products })
      : t("admin.categories.delete.deleteCategory");

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={`${buttonClass("ghost", "sm")} list-none`}>
          {t("admin.products.bulk.delete")}
          <span className="sr-only"> {t("admin.categories.tree.quoted", { name: category.name })}</span>
        </summary>
        <fetcher.Form
          method="post"
          className="absolute right-0 z-20 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-stone-200 bg-white p-4 text-left text-sm text-stone-700 shadow-xl"
        >
          {fields}
          <p className="font-semibold text-stone-900">{t("admin.products.deleteTitle", { name: category.name })}</p>
          <div className="mt-2">{body}</div>
          <button type="submit" name="confirm" value="delete" className={`${buttonClass("danger", "sm")} mt-3`}>
            {confirmLabel}
          </button>
        </fetcher.Form>
      </details>
    );
  }

  return (
    <fetcher.Form method="post" preventScrollReset>
      {fields}
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={buttonClass("ghost", "sm")}>
        {t("admin.products.bulk.delete")}
        <span className="sr-only"> {t("admin.categories.tree.quoted", { name: category.name })}</span>
      </button>
      <ConfirmDialog
        open={open}
        title={t("admin.products.deleteTitle", { name: category.name })}
        body={body}
        confirmLabel={confirmLabel}
        confirmButton={{ type: "submit", name: "confirm", value: "delete", disabled: busy }}
        // The confirm button submits the form; the dialog stays open until the server agrees.
        onConfirm={() => {}}
        onCancel={() => setOpen(false)}
      />
    </fetcher.Form>
  );
}
