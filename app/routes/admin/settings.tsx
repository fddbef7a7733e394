import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { data } from "react-router";
import { auditActor, formValues } from "~/components/admin/form-result.server";
import { type SettingsChoices, SETTINGS_SECTIONS, SettingsForm } from "~/components/admin/settings/settings-form";
import { readSettingsForm, settingsFieldErrors } from "~/components/admin/settings/settings-form.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import type { FormFailure } from "~/components/admin/form";
import { PageHeader } from "~/components/admin/ui";
import { requireAdminScreen } from "~/lib/auth.server";
import { AppError } from "#common/errors";
import { countryOptions } from "#common/geo";
import { LANGUAGES, type Language } from "#common/i18n/languages";
import type { Route } from "./+types/settings";

const PAGE = "/admin-dashboard/settings";

/** Language tags the locale field suggests (any other valid one is taken too). */
const LOCALES = [
  "en-US",
  "en-GB",
  "en-CA",
  "en-AU",
  "en-IE",
  "en-IN",
  "de-DE",
  "de-AT",
  "de-CH",
  "fr-FR",
  "fr-CA",
  "fr-BE",
  "es-ES",
  "es-MX",
  "it-IT",
  "nl-NL",
  "pt-PT",
  "pt-BR",
  "sv-SE",
  "da-DK",
  "nb-NO",
  "fi-FI",
  "pl-PL",
  "cs-CZ",
  "tr-TR",
  "ja-JP",
  "zh-CN",
  "ko-KR",
];

/** The settings with the environment's facts (card payments set up), and the lists the form suggests from. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const { settings, facts, version } = await context.services.settingsAdmin.read();
  const currencyNames = new Intl.DisplayNames("en", { type: "currency" });
  const languageNames = new Intl.DisplayNames("en", { type: "language" });
  const choices: SettingsChoices = {
    countries: countryOptions(settings.country),
    currencies: Intl.supportedValuesOf("currency").map((code) => ({ code, name: currencyNames.of(code) ?? code })),
    languageNames: Object.fromEntries(LANGUAGES.map((code) => [code, languageNames.of(code) ?? code])) as Record<Language, string>,
    timeZones: Intl.supportedValuesOf("timeZone"),
    locales: LOCALES,
  };
  return { settings, facts, version, choices };
}

/** Saves the whole form through the settings service (audited), then back to the page with a toast; a refusal shows beside its fields. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  const submission = readSettingsForm(form);
  try {
    await context.services.settingsAdmin.update(auditActor(context, user), submission.body);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const failure: FormFailure = {
      error: { code: err.code, message: err.message, fields: settingsFieldErrors(err.fields, submission) },
      values: formValues(form),
    };
    return data(failure, { status: err.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: adminT("admin.settings.toast.saved"), description: adminT("admin.settings.toast.savedText") });
}

/** The site settings screen: every section on one page, with links to each on top. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { settings, facts, version, choices } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("admin.nav.settings")} description={t("admin.settings.description")} />
      <nav aria-label={t("admin.settings.sections")} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {SETTINGS_SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-9 items-center rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-50"
              >
                {t(title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <SettingsForm settings={settings} facts={facts} version={version} choices={choices} />
    </div>
  );
}
