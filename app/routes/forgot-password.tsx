import { Form, Link, data, useNavigation } from "react-router";
import { EmailField } from "~/components/form/fields";
import { AuthPage, FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { authErrorMessage, callAuth, emailError, formText } from "~/lib/auth-form.server";
import { useLocalePath, useRichT, useT } from "~/lib/i18n";
import { localizedPath, requestT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

export type ForgotResult = { ok: true; message: string } | { ok: false; message: string; fieldError?: string; email: string };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

/** The page's description for search engines, in its language (meta functions cannot translate). */
export function loader({ request }: Route.LoaderArgs) {
  return { description: requestT(request)("account.forgot.description") };
}

/** Sends a reset link when the account exists; the answer never says whether it does. The link leads to the page in this one's language. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const t = requestT(request);
  const email = formText(form, "email").toLowerCase();
  const invalid = emailError(email, t);
  if (invalid) return data<ForgotResult>({ ok: false, message: invalid, fieldError: invalid, email }, { status: 400 });
  const result = await callAuth(context, request, "/request-password-reset", { email, redirectTo: localizedPath(request, "/reset-password") });
  if (result.status === 429) return data<ForgotResult>({ ok: false, message: authErrorMessage(result, t), email }, { status: 429 });
  if (!result.ok && result.status >= 500) {
    return data<ForgotResult>({ ok: false, message: t("account.error.mailFailed"), email }, { status: 502 });
  }
  return { ok: true, message: t("account.forgot.sent", { email }) } satisfies ForgotResult;
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData as ForgotResult | undefined;
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldError ? { email: failed.fieldError } : undefined, ["email"]);

  return (
    <AuthPage
      title={t("account.forgot.title")}
      intro={t("account.forgot.intro")}
      footer={richT("account.forgot.remembered", {
        link: (
          <Link to={localePath("/login")} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
            {t("account.forgot.backToSignIn")}
          </Link>
        ),
      })}
    >
      {result?.ok && (
        <FormAlert kind="success" className="mb-6" testId="forgot-sent">
          {result.message}
        </FormAlert>
      )}
      {failed && !failed.fieldError && (
        <FormAlert kind="error" className="mb-6" testId="forgot-error">
          {failed.message}
        </FormAlert>
      )}
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-label={t("account.forgot.formLabel")}>
        <EmailField defaultValue={failed?.email} error={failed?.fieldError} />
        <SubmitButton busy={busy} busyLabel={t("account.busy.sending")}>
          {result?.ok ? t("account.forgot.sendAgain") : t("account.forgot.submit")}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
