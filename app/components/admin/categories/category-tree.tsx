import { useEffect, useRef, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { MoveButtons, useMoveFocus } from "~/components/admin/banners/move-buttons";
import { StatusBadge, buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import type { AdminCategory, AdminCategoryNode } from "#modules/catalog";
import { imageVariantUrl, publicImageUrl } from "#common/images/image-sizes";
import { useLevelOrder } from "./category-order";
import { productCountText } from "./category-options";
import { DeleteCategory } from "./delete-category";
import { useImageBase } from "~/lib/image-base";
import { useT } from "~/lib/i18n";

type RowAnswer = { ok: true } | { error: { message: string } };

const OPEN_KEY = "admin.categories.open";

/** The categories whose sub-categories are shown, remembered in this browser. */
function useOpenCategories(): [ReadonlySet<string>, (change: (open: Set<string>) => void) => void] {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(OPEN_KEY) ?? "[]");
      if (Array.isArray(saved)) setOpen((now) => new Set([...now, ...saved.filter((v): v is string => typeof v === "string")]));
    } catch {
      // Nothing remembered (or storage refused): all collapsed.
    }
  }, []);
  const update = (change: (open: Set<string>) => void) =>
    setOpen((now) => {
      const next = new Set(now);
      change(next);
      try {
        localStorage.setItem(OPEN_KEY, JSON.stringify([...next]));
      } catch {
        // Not remembered then; the page still works.
      }
      return next;
    });
  return [open, update];
}

/** A category matches a search when its name or address holds the words, in any case and without accents. */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
const matches = (c: AdminCategory, q: string) => !q || fold(c.name).includes(q) || c.slug.includes(q);

/**
 * The category tree in menu order: each category with its picture, product count, a Hidden
 * badge and its actions (Move up/down among its siblings, Hide/Show, Edit, Delete); its
 * sub-categories fold under it, collapsed until opened (remembered in this browser). A search box
 * narrows the tree to the categories and sub-categories whose name matches and opens their
 * parents. Rows are reordered by dragging their handle within their level, or by keyboard with
 * Move up/down; each move is announced. Rows post through their own fetchers (the page stays where
 * it is); without JavaScript the same forms post, the sub-categories open natively and the search
 * is a plain GET (`?q=`).
 */
export function CategoryTree({ tree, editing }: { tree: AdminCategoryNode[]; editing: string | null }) {
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState(searchParams.get("q") ?? "");
  const t = useT();
  const [open, setOpen] = useOpenCategories();
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const total = tree.reduce((n, c) => n + 1 + c.subCategories.length, 0);
  const count = useRef(total);
  // A deleted row takes the focus with it: give it to the tree's heading.
  useEffect(() => {
    if (total < count.current && (document.activeElement === document.body || !document.activeElement)) heading.current?.focus();
    count.current = total;
  }, [total]);

  // The category being edited (or getting a new sub-category) shows its place in the tree.
  const editingParent = editing ? tree.find((c) => c.subCategories.some((s) => s.id === editing))?.id : undefined;
  useEffect(() => {
    if (editingParent) setOpen((o) => o.add(editingParent));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingParent]);

  const q = fold(query);
  const shown = tree
    .map((c) => {
      const subs = c.subCategories.filter((s) => matches(s, q));
      // A category found by its own name keeps all its sub-categories; one found by a sub-category's shows the matching ones, opened.
      if (!q) return { category: c, subs: c.subCategories, revealed: false };
      if (subs.length) return { category: c, subs: matches(c, q) ? c.subCategories : subs, revealed: true };
      return matches(c, q) ? { category: c, subs: c.subCategories, revealed: false } : null;
    })
    .filter((v) => v !== null);
  const found = shown.reduce((n, v) => n + (matches(v.category, q) ? 1 : 0) + v.subs.filter((s) => matches(s, q)).length, 0);

  const top = useLevelOrder({
    ids: tree.map((c) => c.id),
    parentId: null,
    onMoved: (id, position, n) => setAnnouncement(t("admin.categories.tree.nowAmong", { name: tree.find((c) => c.id === id)?.name, position, count: n })),
  });
  const byId = new Map(shown.map((v) => [v.category.id, v]));
  const rows = top.order.map((id) => byId.get(id)).filter((v) => v !== undefined);

  return (
    <section aria-labelledby="category-tree-title" className="min-w-0">
      <h2 id="category-tree-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900 focus:outline-none">
        {t("admin.categories.tree.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("admin.categories.tree.text")}</p>
      <Form
        method="get"
        role="search"
        aria-label={t("admin.nav.categories")}
        onSubmit={(e) => e.preventDefault()}
        className="mt-4 flex flex-wrap items-end gap-2 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
      >
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="category-search" className="block text-xs font-semibold text-stone-700">
            {t("admin.categories.tree.find")}
          </label>
          <input
            id="category-search"
            type="search"
            name="q"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            maxLength={80}
            autoComplete="off"
            className="mt-1 block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-stone-900"
          />
        </div>
        <div className="flex gap-1">
          <button
            type="button"
            onClick={() => setOpen((o) => tree.forEach((c) => c.subCategories.length && o.add(c.id)))}
            className={buttonClass("ghost", "sm")}
          >
            {t("admin.categories.tree.expand")}
          </button>
          <button type="button" onClick={() => setOpen((o) => o.clear())} className={buttonClass("ghost", "sm")}>
            {t("admin.categories.tree.collapse")}
          </button>
        </div>
      </Form>
      <p role="status" className={q ? "mt-2 text-sm text-stone-700" : "sr-only"} data-testid="category-search-status">
        {q
          ? found === 0
            ? t("admin.categories.tree.noMatch", { query: query.trim() })
            : t("admin.categories.tree.matches", { count: found, query: query.trim() })
          : ""}
      </p>
      {top.error && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700">
          {top.error}
        </p>
      )}
      <ol className="mt-3 space-y-2" aria-label={t("admin.nav.categories")} data-testid="category-tree">
        {rows.map(({ category: c, subs, revealed }) => {
          const isOpen = revealed || open.has(c.id);
          return (
            <li
              key={c.id}
              {...top.rowProps(c.id)}
              className={`rounded-xl border border-stone-200 bg-white shadow-sm ${top.rowState(c.id)}`}
              data-testid="category-node"
            >
              <CategoryRow
                category={c}
                index={tree.findIndex((t) => t.id === c.id)}
                count={tree.length}
                tree={tree}
                announce={setAnnouncement}
                editing={editing === c.id}
                handle={top.handleProps(c.id)}
              />
              {c.subCategories.length > 0 ? (
                <details
                  open={isOpen}
                  onToggle={(e) => {
                    const now = e.currentTarget.open;
                    if (now !== isOpen) setOpen((o) => (now ? o.add(c.id) : o.delete(c.id)));
                  }}
                  className="group border-t border-stone-200"
                  data-testid="subcategory-disclosure"
                >
                  <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
                    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="size-4 text-stone-600 transition-transform group-open:rotate-90">
                      <path d="m6 3.5 4.5 4.5L6 12.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                    {c.subCategories.length} {c.subCategories.length === 1 ? "sub-category" : "sub-categories"}
                    <span className="sr-only"> of {c.name}</span>
                  </summary>
                  <SubCategories parent={c} shown={subs} tree={tree} editing={editing} announce={setAnnouncement} />
                  <AddSubCategory category={c} onOpen={() => setOpen((o) => o.add(c.id))} />
                </details>
              ) : (
                <div className="border-t border-stone-200">
                  <AddSubCategory category={c} onOpen={() => setOpen((o) => o.add(c.id))} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only" data-testid="category-announcement">
        {announcement}
      </p>
    </section>
  );
}

/** One category's sub-categories, in menu order (narrowed to `shown` by a search), reordered within it. */
function SubCategories({
  parent,
  shown,
  tree,
  editing,
  announce,
}: {
  parent: AdminCategoryNode;
  shown: AdminCategory[];
  tree: AdminCategoryNode[];
  editing: string | null;
  announce: (text: string) => void;
}) {
  const t = useT();
  const level = useLevelOrder({
    ids: parent.subCategories.map((s) => s.id),
    parentId: parent.id,
    onMoved: (id, position, n) =>
      announce(t("admin.categories.tree.nowIn", { name: parent.subCategories.find((s) => s.id === id)?.name, position, count: n, parent: parent.name })),
  });
  const byId = new Map(shown.map((s) => [s.id, s]));
  return (
    <>
      {level.error && (
        <p role="alert" className="px-3 pt-2 text-sm font-medium text-rose-700">
          {level.error}
        </p>
      )}
      <ol aria-label={t("admin.categories.tree.subsOf", { name: parent.name })} className="border-t border-stone-100 pl-4 sm:pl-8">
        {level.order
          .map((id) => byId.get(id))
          .filter((s) => s !== undefined)
          .map((s) => (
            <li
              key={s.id}
              {...level.rowProps(s.id)}
              className={`border-b border-stone-100 last:border-b-0 ${level.rowState(s.id)}`}
              data-testid="subcategory-node"
            >
              <CategoryRow
                category={s}
                parent={parent}
                index={parent.subCategories.findIndex((sub) => sub.id === s.id)}
                count={parent.subCategories.length}
                tree={tree}
                announce={announce}
                editing={editing === s.id}
                handle={level.handleProps(s.id)}
              />
            </li>
          ))}
      </ol>
    </>
  );
}

function AddSubCategory({ category: c, onOpen }: { category: AdminCategoryNode; onOpen: () => void }) {
  const t = useT();
  return (
    <div className={`px-3 py-1.5 ${c.subCategories.length > 0 ? "pl-7 sm:pl-11" : ""}`}>
      <Link to={`?parent=${encodeURIComponent(c.id)}#category-form`} onClick={onOpen} className={buttonClass("ghost", "sm")}>
        <span aria-hidden="true">+</span> {t("admin.categories.tree.addSub")}
        <span className="sr-only"> {t("admin.categories.tree.toName", { name: c.name })}</span>
      </Link>
    </div>
  );
}

/** The row's drag handle (for a pointer; the keyboard has Move up/down). */
function DragHandle(props: ReturnType<ReturnType<typeof useLevelOrder>["handleProps"]>) {
  const t = useT();
  return (
    <span
      {...props}
      aria-hidden="true"
      title={t("admin.categories.tree.drag")}
      data-testid="drag-handle"
      className="-ml-1 grid h-9 w-5 shrink-0 cursor-grab place-items-center rounded text-stone-500 hover:bg-stone-100 hover:text-stone-800 active:cursor-grabbing"
    >
      <svg viewBox="0 0 10 16" className="h-4 w-2.5" fill="currentColor">
        <circle cx="2.5" cy="3" r="1.3" />
        <circle cx="7.5" cy="3" r="1.3" />
        <circle cx="2.5" cy="8" r="1.3" />
        <circle cx="7.5" cy="8" r="1.3" />
        <circle cx="2.5" cy="13" r="1.3" />
        <circle cx="7.5" cy="13" r="1.3" />
      </svg>
    </span>
  );
}

function Thumbnail({ category, small }: { category: AdminCategory; small: boolean }) {
  const base = useImageBase();
  const size = small ? "size-9" : "size-10";
  if (category.image) {
    return (
      <img
        src={publicImageUrl(imageVariantUrl(category.image, "category", 160), base)}
        alt=""
        width={160}
        height={160}
        loading="lazy"
        decoding="async"
        className={`${size} shrink-0 rounded-lg bg-stone-100 object-cover`}
      />
    );
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
  handle,
}: {
  category: AdminCategory & { subCategories?: AdminCategory[] };
  parent?: AdminCategoryNode;
  index: number;
  count: number;
  tree: AdminCategoryNode[];
  announce: (text: string) => void;
  editing: boolean;
  handle: ReturnType<ReturnType<typeof useLevelOrder>["handleProps"]>;
}) {
  const hydrated = useHydrated();
  const t = useT();
  const mover = useBackgroundFetcher<RowAnswer>(t("admin.categories.tree.moveFailed"), { key: `category-move-${c.id}` });
  const toggler = useBackgroundFetcher<RowAnswer>(t("admin.categories.tree.visibilityFailed"), { key: `category-visibility-${c.id}` });
  const moveFocus = useMoveFocus(mover.state, () =>
    announce(
      parent
        ? t("admin.categories.tree.nowIn", { name: c.name, position: index + 1, count, parent: parent.name })
        : t("admin.categories.tree.nowAmong", { name: c.name, position: index + 1, count }),
    ),
  );
  const failed = [mover.data, toggler.data].find((d): d is { error: { message: string } } => !!d && "error" in d);
  const busy = mover.state !== "idle" || toggler.state !== "idle";
  // Shown at once while the change is on its way.
  const hidden = toggler.formData ? toggler.formData.get("hidden") === "1" : c.hidden;
  const inline = hydrated && <input type="hidden" name="inline" value="1" />;

  return (
    <div
      className={`flex flex-wrap items-center gap-x-2.5 gap-y-2 px-3 py-2.5 ${editing ? "bg-amber-50" : ""} ${busy ? "opacity-70" : ""}`}
      aria-busy={busy || undefined}
      data-testid="category-row"
      data-category={c.slug}
    >
      {hydrated && <DragHandle {...handle} />}
      <Thumbnail category={c} small={!!parent} />
      <div className="min-w-0 flex-1 basis-32">
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
          {hidden && <StatusBadge tone="warning">{t("admin.categories.tree.hidden")}</StatusBadge>}
          {editing && <StatusBadge tone="info">{t("admin.categories.tree.editing")}</StatusBadge>}
        </div>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-stone-700">
          <span data-testid="category-count">{productCountText(c, t)}</span>
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
          <MoveButtons what={t("admin.categories.tree.quoted", { name: c.name })} index={index} count={count} refs={moveFocus} busy={mover.state !== "idle"} />
        </mover.Form>
        <toggler.Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={c.id} />
          <input type="hidden" name="hidden" value={hidden ? "0" : "1"} />
          {inline}
          <button type="submit" name="intent" value="visibility" disabled={toggler.state !== "idle"} className={buttonClass("ghost", "sm")}>
            {hidden ? t("admin.categories.tree.show") : t("admin.categories.tree.hide")}
            <span className="sr-only">
              {" "}
              {hidden ? t("admin.categories.tree.inShop", { name: c.name }) : t("admin.categories.tree.fromShop", { name: c.name })}
            </span>
          </button>
        </toggler.Form>
        <Link to={`?edit=${encodeURIComponent(c.id)}#category-form`} preventScrollReset={false} className={buttonClass("secondary", "sm")}>
          {t("admin.categories.tree.edit")}
          <span className="sr-only"> {t("admin.categories.tree.quoted", { name: c.name })}</span>
        </Link>
        <DeleteCategory category={c} tree={tree} />
      </div>
    </div>
  );
}
