import { Form, Link, data, useNavigation } from "react-router";
import { EmailField } from "~/components/form/fields";
import { AuthPage, FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { authErrorMessage, callAuth, emailError, formText } from "~/lib/auth-form.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

export type ForgotResult = { ok: true; message: string } | { ok: false; message: string; fieldError?: string; email: string };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(matches, location, { description: "Forgot your password? We will e-mail you a link to choose a new one.", noindex: true });

/** Sends a reset link when the account exists; the answer never says whether it does. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = formText(form, "email").toLowerCase();
  const invalid = emailError(email);
  if (invalid) return data<ForgotResult>({ ok: false, message: invalid, fieldError: invalid, email }, { status: 400 });
  const result = await callAuth(context, request, "/request-password-reset", { email, redirectTo: "/reset-password" });
  if (result.status === 429) return data<ForgotResult>({ ok: false, message: authErrorMessage(result), email }, { status: 429 });
  if (!result.ok && result.status >= 500) {
    return data<ForgotResult>({ ok: false, message: "We couldn’t send the e-mail just now. Please try again in a moment.", email }, { status: 502 });
  }
  return {
    ok: true,
    message: `If an account exists for ${email}, we have sent it a link to choose a new password. Check your e-mail; the link expires in an hour.`,
  } satisfies ForgotResult;
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData as ForgotResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldError ? { email: failed.fieldError } : undefined, ["email"]);

  return (
    <AuthPage
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/login" className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
            Back to sign in
          </Link>
        </>
      }
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
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-label="Ask for a password reset link">
        <EmailField defaultValue={failed?.email} error={failed?.fieldError} />
        <SubmitButton busy={busy} busyLabel="Sending…">
          {result?.ok ? "Send the link again" : "Send reset link"}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
