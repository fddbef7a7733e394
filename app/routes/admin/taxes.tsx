import { data } from "react-router";
import { auditActor, formValues } from "~/components/admin/form-result.server";
import type { FormFailure } from "~/components/admin/form";
import { TaxesForm, taxesFormValues, taxesPostedValues } from "~/components/admin/settings/taxes-form";
import { readTaxesForm, taxesFieldErrors } from "~/components/admin/settings/taxes-form.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader } from "~/components/admin/ui";
import { requireAdminScreen } from "~/lib/auth.server";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { AppError } from "#common/errors";
import { countryOptions } from "#common/geo";
import type { Route } from "./+types/taxes";

const PAGE = "/admin-dashboard/settings/taxes";

/** The tax settings, their version, and the countries to choose from (the shop's own first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const { settings, version } = await context.services.settingsAdmin.read();
  return { taxes: settings.taxes, version, choices: { country: settings.country, countries: countryOptions(settings.country) } };
}

/** Saves the tax settings alone (audited as a settings change), then back to the page with a toast; a refusal shows beside its fields. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  const submission = readTaxesForm(form);
  try {
    await context.services.settingsAdmin.updateTaxes(auditActor(context, user), submission.body);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const failure: FormFailure = {
      error: { code: err.code, message: err.message, fields: taxesFieldErrors(err.fields, submission) },
      values: formValues(form),
    };
    return data(failure, { status: err.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: adminT("admin.taxes.toast.saved"), description: adminT("admin.taxes.toast.savedText") });
}

/** The taxes screen: how prices are entered, the shop's tax number and state, the classes, shipping and the regions' rates. */
export default function Taxes({ loaderData, actionData }: Route.ComponentProps) {
  const { taxes, version, choices } = loaderData;
  const t = useT();
  const posted = actionData && "values" in actionData ? actionData.values : undefined;
  const initial = posted ? taxesPostedValues(posted, taxes) : taxesFormValues(taxes);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("admin.nav.taxes")} description={t("admin.taxes.description")} />
      {/* A new form after each save, so its rows start from what was stored. */}
      <TaxesForm key={version} initial={initial} version={version} choices={choices} />
    </div>
  );
}
