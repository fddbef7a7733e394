import { Form, Link, data, redirect, useNavigation } from "react-router";
import { PasswordField } from "~/components/form/fields";
import { PASSWORD_MIN } from "#common/auth/password-rules";
import { AuthPage, FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { authErrorMessage, callAuth, formText, newPasswordError } from "~/lib/auth-form.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

type Field = "password" | "confirm";
export type ResetResult = { ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; expired?: boolean };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(matches, location, { description: "Choose a new password for your account.", noindex: true });

/**
 * The e-mailed link passes through better-auth (`/api/auth/reset-password/:token`), which sends the
 * browser here with `?token=…`, or with `?error=INVALID_TOKEN` when the link is unknown or expired.
 */
export function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const token = q.get("token") ?? "";
  return { token, invalid: !token || Boolean(q.get("error")) };
}

/** Sets the new password and sends the shopper to sign in with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = formText(form, "token");
  const password = formText(form, "password", { trim: false });
  const confirm = formText(form, "confirm", { trim: false });
  const fieldErrors: Partial<Record<Field, string>> = {
    password: newPasswordError(password),
    confirm: !confirm ? "Please type the new password again" : confirm !== password ? "The two passwords don’t match" : undefined,
  };
  if (fieldErrors.password || fieldErrors.confirm)
    return data<ResetResult>({ ok: false, message: "Please correct the highlighted fields.", fieldErrors }, { status: 400 });
  const result = await callAuth(context, request, "/reset-password", { token, newPassword: password });
  if (result.ok) throw redirect("/login?reset=1");
  const expired = result.code === "INVALID_TOKEN" || result.code === "TOKEN_EXPIRED";
  return data<ResetResult>({ ok: false, message: authErrorMessage(result), fieldErrors: {}, expired }, { status: result.status });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invalid } = loaderData;
  const result = actionData as ResetResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useFocusFirstInvalid(result?.fieldErrors, ["password", "confirm"]);
  const newLink = (
    <Link to="/forgot-password" className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
      Ask for a new link
    </Link>
  );

  if (invalid || result?.expired) {
    return (
      <AuthPage title="This link has expired" footer={newLink}>
        <FormAlert kind="error" testId="reset-invalid">
          This password reset link is invalid or has expired (links work once, for an hour). Ask for a new one and use the latest e-mail.
        </FormAlert>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Choose a new password" intro="Pick a password you don’t use anywhere else.">
      {result && (
        <FormAlert kind="error" className="mb-6" testId="reset-error">
          {result.message}
        </FormAlert>
      )}
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-label="Choose a new password">
        <input type="hidden" name="token" value={token} />
        <PasswordField
          name="password"
          label="New password"
          autoComplete="new-password"
          showStrength
          error={result?.fieldErrors.password}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <PasswordField name="confirm" label="New password again" autoComplete="new-password" error={result?.fieldErrors.confirm} />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save new password
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
