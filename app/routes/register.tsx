import { Form, Link, data, redirect, useNavigation } from "react-router";
import { PasswordField, TextField, EmailField } from "~/components/form/fields";
import { PASSWORD_MIN } from "#common/auth/password-rules";
import { SocialSignIn } from "~/components/auth/social-sign-in";
import { AuthPage, Divider, FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import {
  authErrorMessage,
  callAuth,
  emailError,
  formText,
  authProviders,
  newPasswordError,
  redirectWithCookies,
  safeRedirect,
  socialSignInRedirect,
  verifyEmailCallback,
} from "~/lib/auth-form.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/register";

type Field = "name" | "email" | "password";
export type RegisterResult =
  | { ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; values: { name: string; email: string } }
  | { ok: true; verify: true; email: string };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(matches, location, { description: "Create an account to follow your orders, keep a wishlist and check out faster.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (context.user) throw redirect(redirectTo);
  return { redirectTo, providers: authProviders(context) };
}

/** Creates the account (signed in at once, or asked to confirm the e-mail address first when the shop requires it). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (formText(form, "intent") === "social") {
    const response = await socialSignInRedirect(context, request, form);
    if (response) return response;
    const message = "We couldn’t reach that service. Please try again, or use your e-mail address.";
    return data<RegisterResult>({ ok: false, message, fieldErrors: {}, values: { name: "", email: "" } }, { status: 502 });
  }

  const values = { name: formText(form, "name").replace(/\s+/g, " "), email: formText(form, "email").toLowerCase() };
  const password = formText(form, "password", { trim: false });
  const fieldErrors: Partial<Record<Field, string>> = {
    name: values.name.length > 100 ? "Please use at most 100 characters" : undefined,
    email: emailError(values.email),
    password: newPasswordError(password),
  };
  if (Object.values(fieldErrors).some(Boolean)) {
    return data<RegisterResult>({ ok: false, message: "Please correct the highlighted fields.", fieldErrors, values }, { status: 400 });
  }

  const name = values.name || values.email.split("@")[0];
  const result = await callAuth<{ token?: string | null }>(context, request, "/sign-up/email", {
    name,
    email: values.email,
    password,
    callbackURL: verifyEmailCallback(redirectTo),
  });
  if (!result.ok) {
    const duplicate = result.code === "USER_ALREADY_EXISTS" || result.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
    const message = authErrorMessage(result);
    return data<RegisterResult>(
      {
        ok: false,
        message,
        fieldErrors: duplicate ? { email: "This e-mail address already has an account" } : result.code?.startsWith("PASSWORD") ? { password: message } : {},
        values,
      },
      { status: result.status },
    );
  }
  // Without a session token, the shop wants the address confirmed before the first sign-in.
  if (!result.data?.token) return { ok: true, verify: true, email: values.email } satisfies RegisterResult;
  return redirectWithCookies(redirectTo, result);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, providers } = loaderData;
  const result = actionData as RegisterResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "register";
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldErrors, ["name", "email", "password"]);
  const loginHref = redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`;
  const loginLink = (
    <Link to={loginHref} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
      Sign in
    </Link>
  );

  if (result?.ok) {
    return (
      <AuthPage title="Check your e-mail" footer={<>Already confirmed? {loginLink}</>}>
        <FormAlert kind="success" testId="register-verify">
          We have sent an e-mail to <strong>{result.email}</strong>. Open the link in it to confirm your address and finish creating your account; it works for
          an hour. (If you already have an account, the e-mail tells you how to sign in.)
        </FormAlert>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Create an account"
      intro="Follow your orders, keep a wishlist and check out faster next time."
      footer={<>Already have an account? {loginLink}</>}
    >
      {failed && (
        <FormAlert kind="error" className="mb-6" testId="register-error">
          {failed.message}
          {failed.fieldErrors.email && failed.message.includes("already exists") && (
            <>
              {" "}
              <Link to={loginHref} className="underline underline-offset-4">
                Sign in
              </Link>{" "}
              or{" "}
              <Link to="/forgot-password" className="underline underline-offset-4">
                reset your password
              </Link>
              .
            </>
          )}
        </FormAlert>
      )}
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-label="Create an account">
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="name"
          label="Your name"
          autoComplete="name"
          maxLength={100}
          defaultValue={failed?.values.name}
          error={failed?.fieldErrors.name}
          hint="Optional. Shown on your profile and orders."
        />
        <EmailField defaultValue={failed?.values.email} error={failed?.fieldErrors.email} />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="new-password"
          showStrength
          error={failed?.fieldErrors.password}
          hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong password that is easy to remember.`}
        />
        <SubmitButton busy={busy} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
        <p className="text-xs leading-relaxed text-stone-600">
          By creating an account you agree to how we handle your data, as our{" "}
          <Link to="/privacy-policy" className="underline underline-offset-2">
            privacy policy
          </Link>{" "}
          explains.
        </p>
      </Form>

      {providers.length > 0 && (
        <>
          <Divider>or</Divider>
          <SocialSignIn providers={providers} redirectTo={redirectTo} verb="Sign up" />
        </>
      )}
    </AuthPage>
  );
}
