import { useEffect, useRef, useState } from "react";
import { Link, useActionData } from "react-router";
import { ImagePicker } from "~/components/admin/banners/image-picker";
import { AdminForm, FormCheckbox, FormErrorSummary, FormSelect, FormSubmit, FormText, useField } from "~/components/admin/form";
import { slugFromName } from "~/components/admin/product/slug";
import { buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useRichT, useT } from "~/lib/i18n";
import type { AdminCategory, AdminCategoryNode } from "#modules/catalog";
import { parentOptions } from "./category-options";
import { TranslationTabs } from "~/components/admin/translation-tabs";

/**
 * The form beside the tree: a new category (or sub-category: choose its parent), or, with
 * `editing`, one category's name, address, parent, picture and visibility. A new name brings a new
 * address unless the address is changed by hand, and the form says the old one will redirect.
 * The server's refusal (a name its siblings already use, a taken address…) shows beside the field.
 */
export function CategoryForm({
  tree,
  editing,
  parentId,
  listHref,
}: {
  tree: AdminCategoryNode[];
  editing: (AdminCategory & { subCategories?: AdminCategory[] }) | null;
  /** The parent chosen for a new sub-category (from "+ Sub-category"). */
  parentId: string | null;
  listHref: string;
}) {
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const refused = Boolean(useActionData());
  // Opening a category's form (or a sub-category's) from the tree brings the keyboard here; after a
  // refused save the error summary takes it instead.
  const opened = editing?.id ?? parentId;
  useEffect(() => {
    if (opened && !refused) heading.current?.focus({ preventScroll: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const hasSubs = (editing?.subCategories?.length ?? 0) > 0;
  const parent = editing ? editing.parentId : parentId;
  const parentName = parent ? tree.find((c) => c.id === parent)?.name : undefined;
  const t = useT();
  const title = editing
    ? t("admin.categories.form.edit", { name: editing.name })
    : parentName
      ? t("admin.categories.form.newSub", { parent: parentName })
      : t("admin.categories.form.new");

  return (
    <section id="category-form" aria-labelledby="category-form-title" className="scroll-mt-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="category-form-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900 focus:outline-none">
        {title}
      </h2>
      <AdminForm method="post" idPrefix="category" warnUnsaved className="mt-4">
        <FormErrorSummary title={editing ? t("admin.categories.form.notSaved") : t("admin.categories.form.notCreated")} />
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {editing && (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="version" value={editing.version} />
            <input type="hidden" name="originalSlug" value={editing.slug} />
          </>
        )}
        <div className="space-y-5">
          <NameAndAddress
            editing={editing}
            parentSlug={editing?.parentId ? (tree.find((c) => c.id === editing.parentId)?.slug ?? null) : null}
            hydrated={hydrated}
          />
          {hasSubs ? (
            <>
              <input type="hidden" name="parentId" value="" />
              <p className="text-sm text-stone-700">{t("admin.categories.form.hasSubs")}</p>
            </>
          ) : (
            <FormSelect
              name="parentId"
              label={t("admin.categories.form.parent")}
              defaultValue={parent ?? ""}
              options={[{ value: "", label: t("admin.categories.form.noParent") }, ...parentOptions(tree, t, editing?.id)]}
              hint={editing ? t("admin.categories.form.parentHintEdit") : t("admin.categories.form.parentHintNew")}
            />
          )}
          <ImagePicker
            name="image"
            label={t("admin.products.table.picture")}
            kind="category"
            defaultValue={editing?.image}
            hint={t("admin.categories.form.pictureHint")}
          />
          <FormCheckbox
            name="hidden"
            label={t("admin.categories.form.hidden")}
            defaultChecked={editing?.hidden ?? false}
            hint={t("admin.categories.form.hiddenHint")}
          />
          <CategoryTranslations editing={editing} />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <FormSubmit busyLabel={editing ? t("admin.form.saving") : t("admin.form.creating")}>
            {editing ? t("admin.form.saveChanges") : parentName ? t("admin.categories.form.createSub") : t("admin.categories.form.create")}
          </FormSubmit>
          {(editing || parentId) && (
            <Link to={listHref} className={buttonClass("secondary")}>
              {t("admin.dialog.cancel")}
            </Link>
          )}
        </div>
      </AdminForm>
    </section>
  );
}

/** The shop's address of a category: its listing, or its parent's listing narrowed to it. */
export function categoryAddress(slug: string, parentSlug: string | null): string {
  return parentSlug ? `/product-category/${parentSlug}?subCategory=${slug}` : `/product-category/${slug}`;
}

/** Name and address (slug); when a rename changes the address, says the new one and that the old one redirects. */
function NameAndAddress({ editing, parentSlug, hydrated }: { editing: AdminCategory | null; parentSlug: string | null; hydrated: boolean }) {
  const nameField = useField("name", editing?.name ?? "");
  const slugField = useField("slug", editing?.slug ?? "");
  const [name, setName] = useState(nameField.defaultValue ?? "");
  const [slug, setSlug] = useState(slugField.defaultValue ?? "");
  const slugTouched = editing ? slug.trim() !== editing.slug : false;
  // The server makes the new address from the new name unless one is typed (and may add to it when it is taken).
  const next = !editing ? null : slugTouched ? slug.trim() : name.trim() && name.trim() !== editing.name ? slugFromName(name) : null;
  const changed = editing && next && next !== editing.slug ? next : null;
  const t = useT();
  const richT = useRichT();

  return (
    <>
      <div onInput={(e) => setName((e.target as HTMLInputElement).value)}>
        <FormText name="name" label={t("admin.products.table.name")} required maxLength={80} defaultValue={editing?.name} />
      </div>
      <div onInput={(e) => setSlug((e.target as HTMLInputElement).value)}>
        <FormText
          name="slug"
          label={t("admin.categories.form.slug")}
          maxLength={80}
          defaultValue={editing?.slug}
          hint={editing ? t("admin.categories.form.slugHintEdit") : t("admin.categories.form.slugHintNew")}
        />
      </div>
      {hydrated && editing && changed && (
        <p className="-mt-3 rounded-lg bg-amber-50 p-3 text-xs leading-relaxed text-stone-800" data-testid="slug-preview">
          {richT("admin.categories.form.slugPreview", {
            now: <code className="break-all font-semibold text-stone-900">{categoryAddress(changed, parentSlug)}</code>,
            old: <code className="break-all">{categoryAddress(editing.slug, parentSlug)}</code>,
          })}
        </p>
      )}
    </>
  );
}

/** The category's name in the other languages (its description's translations, set through the API, are kept). */
function CategoryTranslations({ editing }: { editing: AdminCategory | null }) {
  const t = useT();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-stone-900">{t("admin.translations.title")}</legend>
      <TranslationTabs
        idPrefix="category-translations"
        fields={[{ key: "name", maxLength: 80 }]}
        initial={editing?.translations}
        extra={(language) => {
          const description = editing?.translations[language]?.description;
          return description ? <input type="hidden" name={`translations.${language}.description`} value={description} /> : null;
        }}
      />
    </fieldset>
  );
}
