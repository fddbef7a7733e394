import { Form, Link, data, redirect, useNavigation } from "react-router";
import { EmailField } from "~/components/form/fields";
import { AuthPage, FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { authErrorMessage, callAuth, emailError, formText, safeRedirect, verifyEmailCallback } from "~/lib/auth-form.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/verify-email";

export type ResendResult = { ok: true; message: string } | { ok: false; message: string; fieldError?: string; email: string };

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { description: "Confirm your e-mail address.", noindex: true });

/**
 * Where the confirmation link lands after better-auth checked it (`/api/auth/verify-email`): signed
 * in on success, or with `?error=…` when the link was unknown or expired.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(q.get("redirectTo"));
  if (q.get("error")) return { state: "error" as const, redirectTo, name: null };
  if (!context.user) throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
  return { state: "verified" as const, redirectTo, name: context.user.name };
}

/** Sends a fresh confirmation link; the answer is the same whether or not the address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = formText(form, "email").toLowerCase();
  const invalid = emailError(email);
  if (invalid) return data<ResendResult>({ ok: false, message: invalid, fieldError: invalid, email }, { status: 400 });
  const result = await callAuth(context, request, "/send-verification-email", {
    email,
    callbackURL: verifyEmailCallback(safeRedirect(form.get("redirectTo"))),
  });
  if (result.status === 429) return data<ResendResult>({ ok: false, message: authErrorMessage(result), email }, { status: 429 });
  return { ok: true, message: `If ${email} has an account waiting for confirmation, we have sent it a new link.` } satisfies ResendResult;
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { state, redirectTo, name } = loaderData;
  const result = actionData as ResendResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldError ? { email: failed.fieldError } : undefined, ["email"]);

  if (state === "verified") {
    return (
      <AuthPage title="Your e-mail address is confirmed">
        <FormAlert kind="success" testId="email-verified-notice">
          Thank you{name ? `, ${name}` : ""}. Your account is ready and you are signed in.
        </FormAlert>
        <Link
          to={redirectTo}
          className="mt-6 inline-flex h-12 w-full items-center justify-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700"
        >
          {redirectTo === "/" ? "Start shopping" : "Continue"}
        </Link>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="This link has expired" intro="Confirmation links work once and for an hour. Enter your e-mail address and we will send you a new one.">
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
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-label="Send a new confirmation link">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField defaultValue={failed?.email} error={failed?.fieldError} />
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send a new link
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
