import { Form, data } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-nav";
import { AuditHistory } from "~/components/admin/audit-history";
import { ConfirmButton } from "~/components/admin/dialog";
import { auditActor, formFailure, readIntent, requireConfirmed } from "~/components/admin/form-result.server";
import { type CategoryChoice, PromotionForm } from "~/components/admin/promotions/promotion-form";
import { promotionBody } from "~/components/admin/promotions/promotion-form-values";
import { STATUS_WORDS, usesText } from "~/components/admin/promotions/promotion-words";
import { offerHeadline } from "#common/promotions/offer-words";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, StatusBadge, buttonClass } from "~/components/admin/ui";
import { requireAdminScreen } from "~/lib/auth.server";
import { useLanguage, useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { useMoney } from "~/lib/shop";
import { can } from "#common/auth/permissions";
import { AppError } from "#common/errors";
import type { Route } from "./+types/promotion";
import { adminMeta } from "./admin-meta";

const LIST = "/admin-dashboard/promotions";
const HISTORY_SIZE = 10;
const SEARCH_HITS = 8;

/**
 * A promotion to edit (its id in the address; none on /promotions/new) with its figures and latest
 * history, the categories it can name, the names of its products, the shop's time zone; and, for
 * the form's product search, the products matching `?products=<words>`.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireAdminScreen(context, request);
  const { promotions, catalog, catalogAdmin, content, audit } = context.services;
  const words = new URL(request.url).searchParams.get("products")?.trim().slice(0, 100) ?? "";
  const promotion = params.id
    ? await promotions.get(params.id).catch((err: unknown) => {
        if (err instanceof AppError && err.code === "not_found") throw data({ message: err.message }, { status: 404, statusText: "Not Found" });
        throw err;
      })
    : null;
  const [settings, tree, chosen, found, history] = await Promise.all([
    content.getSettings(),
    catalog.listCategories(),
    promotion?.productIds.length ? catalog.listSummaries(promotion.productIds) : Promise.resolve([]),
    words ? catalogAdmin.listProducts({ q: words, pageSize: SEARCH_HITS }) : Promise.resolve(null),
    promotion ? audit.list({ entity: "promotion", entityId: promotion.id, pageSize: HISTORY_SIZE }) : Promise.resolve(null),
  ]);
  const categories: CategoryChoice[] = tree.flatMap((c) => [
    { slug: c.slug, label: c.name },
    ...c.subCategories.map((s) => ({ slug: s.slug, label: `${c.name} › ${s.name}` })),
  ]);
  return {
    promotion,
    categories,
    products: chosen.map((p) => ({ id: p.id, name: p.name, detail: p.category })),
    productResults: found ? found.data.map((p) => ({ id: p.id, name: p.name, detail: [p.category, p.sku].filter(Boolean).join(" · ") })) : null,
    timeZone: settings.timeZone,
    history: history?.entries ?? [],
    historyTotal: history?.total ?? 0,
    canSeeAuditLog: can(user, "admin"),
  };
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = {
  breadcrumb: (d, t) => d?.promotion?.name ?? t("admin.promotions.new"),
};

/**
 * Saves the form as a new promotion (then opens it) or over this one (and stays), times read in
 * the shop's time zone; or deletes it once confirmed. A refusal (400, a code taken: 409) comes
 * back beside its field.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const actor = auditActor(context, user);
  const form = await request.formData();
  const { intent, confirmed } = readIntent(form);
  const { promotions, content } = context.services;
  try {
    if (intent === "delete") {
      if (!params.id) throw new AppError("invalid_input", adminT("admin.form.unknownAction"));
      requireConfirmed({ confirmed }, adminT("admin.promotions.deleting"));
      const gone = await promotions.get(params.id);
      await promotions.remove(actor, params.id);
      return redirectWithToast(LIST, { kind: "success", message: adminT("admin.promotions.toast.deleted"), description: gone.name });
    }
    const body = promotionBody(form, (await content.getSettings()).timeZone);
    if (!params.id) {
      const created = await promotions.create(actor, body);
      return redirectWithToast(`${LIST}/${encodeURIComponent(created.id)}`, {
        kind: "success",
        message: adminT("admin.promotions.toast.created"),
        description: created.name,
      });
    }
    const saved = await promotions.update(actor, params.id, body);
    return redirectWithToast(`${LIST}/${encodeURIComponent(params.id)}`, { kind: "success", message: adminT("admin.toast.saved"), description: saved.name });
  } catch (err) {
    return formFailure(err, form);
  }
}

/** A figure of the promotion's usage. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-3 sm:p-4">
      <dt className="text-xs text-stone-700 sm:text-sm">{label}</dt>
      <dd className="mt-1 text-base font-semibold tabular-nums text-stone-900 sm:text-xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A new promotion's form, or one promotion: its status, offer and usage, its form with the live example, its history and Delete. */
export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { promotion: p, categories, products, timeZone, history, historyTotal, canSeeAuditLog } = loaderData;
  const t = useT();
  const { locale } = useLanguage();
  const money = useMoney();
  if (!p) {
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeader title={t("admin.promotions.new")} description={t("admin.promotions.newDescription")} />
        <PromotionForm promotion={null} products={[]} categories={categories} timeZone={timeZone} listHref={LIST} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="break-words">{p.name}</span>
            <StatusBadge tone={STATUS_WORDS[p.status].tone} className="text-sm">
              {t(STATUS_WORDS[p.status].label)}
            </StatusBadge>
          </span>
        }
        description={`${p.code ? p.code : t("admin.promotions.automatic")} · ${offerHeadline(t, p, money, locale)}`}
        actions={
          <Form method="post">
            <ConfirmButton
              value="delete"
              title={t("admin.promotions.deleteTitle", { name: p.name })}
              body={t("admin.promotions.deleteBody")}
              confirmLabel={t("admin.promotions.delete")}
              className={buttonClass("danger", "sm")}
            >
              {t("admin.promotions.delete")}
            </ConfirmButton>
          </Form>
        }
      />
      <section aria-labelledby="promotion-usage" className="mb-6">
        <h2 id="promotion-usage" className="sr-only">
          {t("admin.promotions.usage")}
        </h2>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <Figure label={t("admin.promotions.usesOfLimit")} value={usesText(p)} testId="promotion-uses" />
          <Figure label={t("admin.promotions.discountGiven")} value={money(p.discountTotal)} testId="promotion-discount" />
          <Figure label={t("admin.promotions.revenue")} value={money(p.revenue)} testId="promotion-revenue" />
        </dl>
      </section>
      {/* Saved: the form starts again from what was stored. */}
      <PromotionForm key={p.updatedAt} promotion={p} products={products} categories={categories} timeZone={timeZone} listHref={LIST} />
      <div className="mt-8 max-w-3xl">
        <AuditHistory
          entries={history}
          title={t("admin.promotions.history")}
          moreHref={
            canSeeAuditLog && historyTotal > history.length ? `/admin-dashboard/audit-log?entity=promotion&entityId=${encodeURIComponent(p.id)}` : undefined
          }
        />
      </div>
    </div>
  );
}
