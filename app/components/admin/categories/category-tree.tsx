import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { MoveButtons, useMoveFocus } from "~/components/admin/banners/move-buttons";
import { StatusBadge, buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import type { AdminCategory, AdminCategoryNode } from "../../../../server/modules/catalog/catalog.categories";
import { imageVariantUrl } from "../../../../server/modules/images/image-sizes";
import { productCountText } from "./category-options";
import { DeleteCategory } from "./delete-category";

type RowAnswer = { ok: true } | { error: { message: string } };

/**
 * The category tree in menu order: each category with its sub-categories under it, picture,
 * product count and a Hidden badge, and per row Move up/down among its siblings (the storefront's
 * menus follow), Hide/Show, Edit and Delete, and under each category Add sub-category. Rows post through their own
 * fetchers (the page stays where it is); without JavaScript the same forms post.
 */
export function CategoryTree({ tree, editing }: { tree: AdminCategoryNode[]; editing: string | null }) {
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const total = tree.reduce((n, c) => n + 1 + c.subCategories.length, 0);
  const count = useRef(total);
  // A deleted row takes the focus with it: give it to the tree's heading.
  useEffect(() => {
    if (total < count.current && (document.activeElement === document.body || !document.activeElement)) heading.current?.focus();
    count.current = total;
  }, [total]);

  return (
    <section aria-labelledby="category-tree-title" className="min-w-0">
      <h2 id="category-tree-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900 focus:outline-none">
        Menu order
      </h2>
      <p className="mt-1 text-sm text-stone-700">The shop’s menus list the categories, and each one’s sub-categories, in this order.</p>
      <ol className="mt-4 space-y-3" aria-label="Categories" data-testid="category-tree">
        {tree.map((c, i) => (
          <li key={c.id} className="rounded-xl border border-stone-200 bg-white shadow-sm" data-testid="category-node">
            <CategoryRow category={c} index={i} count={tree.length} tree={tree} announce={setAnnouncement} editing={editing === c.id} />
            {c.subCategories.length > 0 && (
              <ol aria-label={`Sub-categories of ${c.name}`} className="border-t border-stone-200 pl-4 sm:pl-8">
                {c.subCategories.map((s, j) => (
                  <li key={s.id} className="border-b border-stone-100" data-testid="subcategory-node">
                    <CategoryRow category={s} parent={c} index={j} count={c.subCategories.length} tree={tree} announce={setAnnouncement} editing={editing === s.id} />
                  </li>
                ))}
              </ol>
            )}
            <div className={`px-3 py-2 ${c.subCategories.length > 0 ? "pl-7 sm:pl-11" : "border-t border-stone-200"}`}>
              <Link to={`?parent=${encodeURIComponent(c.id)}#category-form`} className={buttonClass("ghost", "sm")}>
                <span aria-hidden="true">+</span> Add sub-category<span className="sr-only"> to “{c.name}”</span>
              </Link>
            </div>
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="sr-only" data-testid="category-announcement">
        {announcement}
      </p>
    </section>
  );
}

function Thumbnail({ category, small }: { category: AdminCategory; small: boolean }) {
  const size = small ? "size-9" : "size-12";
  if (category.image) {
    return <img src={imageVariantUrl(category.image, "category", 160)} alt="" width={160} height={160} loading="lazy" decoding="async" className={`${size} shrink-0 rounded-lg bg-stone-100 object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${size} grid shrink-0 place-items-center rounded-lg bg-stone-200 text-sm font-bold text-stone-700`}>
      {category.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function CategoryRow({
  category: c,
  parent,
  index,
  count,
  tree,
  announce,
  editing,
}: {
  category: AdminCategory & { subCategories?: AdminCategory[] };
  parent?: AdminCategoryNode;
  index: number;
  count: number;
  tree: AdminCategoryNode[];
  announce: (text: string) => void;
  editing: boolean;
}) {
  const hydrated = useHydrated();
  const mover = useFetcher<RowAnswer>({ key: `category-move-${c.id}` });
  const toggler = useFetcher<RowAnswer>({ key: `category-visibility-${c.id}` });
  const where = parent ? `in ${parent.name}` : "among the categories";
  const moveFocus = useMoveFocus(mover.state, () => announce(`“${c.name}” is now ${index + 1} of ${count} ${where}.`));
  const failed = [mover.data, toggler.data].find((d): d is { error: { message: string } } => !!d && "error" in d);
  const busy = mover.state !== "idle" || toggler.state !== "idle";
  // Shown at once while the change is on its way.
  const hidden = toggler.formData ? toggler.formData.get("hidden") === "1" : c.hidden;
  const inline = hydrated && <input type="hidden" name="inline" value="1" />;

  return (
    <div
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 p-3 ${editing ? "bg-amber-50" : ""} ${busy ? "opacity-70" : ""}`}
      aria-busy={busy || undefined}
      data-testid="category-row"
      data-category={c.slug}
    >
      <Thumbnail category={c} small={!!parent} />
      <div className="min-w-0 flex-1 basis-36">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {parent ? (
            <h4 className="min-w-0 break-words font-medium text-stone-900" data-testid="category-name">
              {c.name}
            </h4>
          ) : (
            <h3 className="min-w-0 break-words font-semibold text-stone-900" data-testid="category-name">
              {c.name}
            </h3>
          )}
          {hidden && <StatusBadge tone="warning">Hidden</StatusBadge>}
          {editing && <StatusBadge tone="info">Editing</StatusBadge>}
        </div>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-stone-700">
          <span data-testid="category-count">{productCountText(c)}</span>
          <span className="min-w-0 break-all text-stone-600">/{c.slug}</span>
        </p>
        {failed && (
          <p role="alert" className="mt-1 text-sm font-medium text-rose-700">
            {failed.error.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <mover.Form method="post" preventScrollReset className="flex items-center gap-1">
          <input type="hidden" name="id" value={c.id} />
          {inline}
          <MoveButtons what={`“${c.name}”`} index={index} count={count} refs={moveFocus} busy={mover.state !== "idle"} />
        </mover.Form>
        <toggler.Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={c.id} />
          <input type="hidden" name="hidden" value={hidden ? "0" : "1"} />
          {inline}
          <button type="submit" name="intent" value="visibility" disabled={toggler.state !== "idle"} className={buttonClass("ghost", "sm")}>
            {hidden ? "Show" : "Hide"}
            <span className="sr-only"> “{c.name}” {hidden ? "in the shop" : "from the shop"}</span>
          </button>
        </toggler.Form>
        <Link to={`?edit=${encodeURIComponent(c.id)}#category-form`} preventScrollReset={false} className={buttonClass("secondary", "sm")}>
          Edit<span className="sr-only"> “{c.name}”</span>
        </Link>
        <DeleteCategory category={c} tree={tree} />
      </div>
    </div>
  );
}
