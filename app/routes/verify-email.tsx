import { Form, Link, data, redirect, useNavigation } from "react-router";
import { EmailField } from "~/components/form/fields";
import { AuthPage, FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { authErrorMessage, callAuth, emailError, formText, landingPath, verifyEmailCallback } from "~/lib/auth-form.server";
import { useLocalePath, useT } from "~/lib/i18n";
import { localizedPath, requestT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/verify-email";

export type ResendResult = { ok: true; message: string } | { ok: false; message: string; fieldError?: string; email: string };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

/**
 * Where the confirmation link lands after better-auth checked it (`/api/auth/verify-email`): signed
 * in on success, or with `?error=…` when the link was unknown or expired. Onward links are in the page's language.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const redirectTo = landingPath(request, q.get("redirectTo"));
  const description = requestT(request)("account.verify.description");
  if (q.get("error")) return { state: "error" as const, redirectTo, name: null, description };
  if (!context.user) throw redirect(localizedPath(request, `/login?${new URLSearchParams({ redirectTo })}`));
  return { state: "verified" as const, redirectTo, name: context.user.name, description };
}

/** Sends a fresh confirmation link; the answer is the same whether or not the address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const t = requestT(request);
  const email = formText(form, "email").toLowerCase();
  const invalid = emailError(email, t);
  if (invalid) return data<ResendResult>({ ok: false, message: invalid, fieldError: invalid, email }, { status: 400 });
  const result = await callAuth(context, request, "/send-verification-email", {
    email,
    callbackURL: verifyEmailCallback(request, landingPath(request, form.get("redirectTo"))),
  });
  if (result.status === 429) return data<ResendResult>({ ok: false, message: authErrorMessage(result, t), email }, { status: 429 });
  return { ok: true, message: t("account.verify.resent", { email }) } satisfies ResendResult;
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { state, redirectTo, name } = loaderData;
  const result = actionData as ResendResult | undefined;
  const t = useT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldError ? { email: failed.fieldError } : undefined, ["email"]);

  if (state === "verified") {
    return (
      <AuthPage title={t("account.verify.confirmedTitle")}>
        <FormAlert kind="success" testId="email-verified-notice">
          {name ? t("account.verify.thanksName", { name }) : t("account.verify.thanks")}
        </FormAlert>
        <Link
          to={redirectTo}
          className="mt-6 inline-flex h-12 w-full items-center justify-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700"
        >
          {redirectTo === localePath("/") ? t("account.startShopping") : t("account.verify.continue")}
        </Link>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t("account.linkExpired.title")} intro={t("account.verify.expiredIntro")}>
      {result?.ok ? (
        <FormAlert kind="success" className="mb-6" testId="verify-resent">
          {result.message}
        </FormAlert>
      ) : (
        failed &&
        !failed.fieldError && (
          <FormAlert kind="error" className="mb-6">
            {failed.message}
          </FormAlert>
        )
      )}
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-label={t("account.verify.formLabel")}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField defaultValue={failed?.email} error={failed?.fieldError} />
        <SubmitButton busy={busy} busyLabel={t("account.busy.sending")}>
          {t("account.verify.submit")}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
