import { Form, Link, data, redirect, useNavigation } from "react-router";
import { PasswordField } from "~/components/form/fields";
import { PASSWORD_MIN } from "#common/auth/password-rules";
import { AuthPage, FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { authErrorMessage, callAuth, formText, newPasswordError } from "~/lib/auth-form.server";
import { useLocalePath, useT } from "~/lib/i18n";
import { localizedPath, requestT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

type Field = "password" | "confirm";
export type ResetResult = { ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; expired?: boolean };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

/**
 * The e-mailed link passes through better-auth (`/api/auth/reset-password/:token`), which sends the
 * browser here with `?token=…`, or with `?error=INVALID_TOKEN` when the link is unknown or expired.
 */
export function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const token = q.get("token") ?? "";
  return { token, invalid: !token || Boolean(q.get("error")), description: requestT(request)("account.reset.description") };
}

/** Sets the new password and sends the shopper to sign in with it, in the page's language. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const t = requestT(request);
  const token = formText(form, "token");
  const password = formText(form, "password", { trim: false });
  const confirm = formText(form, "confirm", { trim: false });
  const fieldErrors: Partial<Record<Field, string>> = {
    password: newPasswordError(password, t),
    confirm: !confirm ? t("account.reset.confirmMissing") : confirm !== password ? t("account.reset.mismatch") : undefined,
  };
  if (fieldErrors.password || fieldErrors.confirm)
    return data<ResetResult>({ ok: false, message: t("account.form.correctFields"), fieldErrors }, { status: 400 });
  const result = await callAuth(context, request, "/reset-password", { token, newPassword: password });
  if (result.ok) throw redirect(localizedPath(request, "/login?reset=1"));
  const expired = result.code === "INVALID_TOKEN" || result.code === "TOKEN_EXPIRED";
  return data<ResetResult>({ ok: false, message: authErrorMessage(result, t), fieldErrors: {}, expired }, { status: result.status });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invalid } = loaderData;
  const result = actionData as ResetResult | undefined;
  const t = useT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useFocusFirstInvalid(result?.fieldErrors, ["password", "confirm"]);
  const newLink = (
    <Link to={localePath("/forgot-password")} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
      {t("account.reset.newLink")}
    </Link>
  );

  if (invalid || result?.expired) {
    return (
      <AuthPage title={t("account.linkExpired.title")} footer={newLink}>
        <FormAlert kind="error" testId="reset-invalid">
          {t("account.reset.invalid")}
        </FormAlert>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t("account.reset.title")} intro={t("account.reset.intro")}>
      {result && (
        <FormAlert kind="error" className="mb-6" testId="reset-error">
          {result.message}
        </FormAlert>
      )}
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-label={t("account.reset.title")}>
        <input type="hidden" name="token" value={token} />
        <PasswordField
          name="password"
          label={t("account.field.newPassword")}
          autoComplete="new-password"
          showStrength
          error={result?.fieldErrors.password}
          hint={t("account.field.passwordHint", { min: PASSWORD_MIN })}
        />
        <PasswordField name="confirm" label={t("account.reset.confirm")} autoComplete="new-password" error={result?.fieldErrors.confirm} />
        <SubmitButton busy={busy} busyLabel={t("account.busy.saving")}>
          {t("account.reset.submit")}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
