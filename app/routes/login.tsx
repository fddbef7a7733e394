import { Form, Link, data, redirect, useNavigation } from "react-router";
import { Checkbox, PasswordField, TextField, EmailField } from "~/components/form/fields";
import { SocialSignIn } from "~/components/auth/social-sign-in";
import { AuthPage, Divider, FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import {
  authErrorMessage,
  callAuth,
  emailError,
  formText,
  authProviders,
  redirectWithCookies,
  safeRedirect,
  socialSignInRedirect,
  verifyEmailCallback,
} from "~/lib/auth-form.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

type Field = "email" | "password";
export type LoginResult =
  | { intent: "password"; ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; email: string }
  | { intent: "magic-link"; ok: true; message: string }
  | { intent: "magic-link"; ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; email: string }
  | { intent: "social"; ok: false; message: string };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(matches, location, { description: "Sign in to your account to see your orders and check out faster.", noindex: true });

/** Messages the page shows when it is reached from elsewhere (a reset password, a failed link, a guard). */
function notice(url: URL): { kind: "success" | "error" | "info"; text: string } | null {
  const q = url.searchParams;
  if (q.get("reset") === "1") return { kind: "success", text: "Your password has been changed. Sign in with your new password." };
  if (q.get("signedout") === "everywhere") return { kind: "success", text: "You have been signed out on all your devices." };
  if (q.get("deleted") === "account")
    return {
      kind: "success",
      text: "Your account has been deleted and you have been signed out. Your past orders stay in our books without your name or contact details.",
    };
  if (q.get("provider_error")) return { kind: "error", text: "Signing in with that service didn’t work. Please try again, or use your e-mail address." };
  if (q.get("magic_error") || q.get("error")) return { kind: "error", text: "That sign-in link is invalid or has expired. Ask for a new one below." };
  if (q.get("redirectTo") && q.get("redirectTo") !== "/") return { kind: "info", text: "Please sign in to continue." };
  return null;
}

/** Signed-in visitors go straight on; others get the form, the configured providers and any message. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.user) throw redirect(redirectTo);
  return { redirectTo, providers: authProviders(context), notice: notice(url) };
}

/** Password sign-in, an e-mail link, or (without JavaScript) the way to a third-party provider. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent") || "password";
  const redirectTo = safeRedirect(form.get("redirectTo"));

  if (intent === "social") {
    const response = await socialSignInRedirect(context, request, form);
    if (response) return response;
    return data<LoginResult>(
      { intent: "social", ok: false, message: "We couldn’t reach that service. Please try again, or use your e-mail address." },
      { status: 502 },
    );
  }

  if (intent === "magic-link") {
    const email = formText(form, "email").toLowerCase();
    const invalid = emailError(email);
    if (invalid) return data<LoginResult>({ intent, ok: false, message: invalid, fieldErrors: { email: invalid }, email }, { status: 400 });
    const result = await callAuth(context, request, "/sign-in/magic-link", {
      email,
      callbackURL: redirectTo,
      newUserCallbackURL: redirectTo,
      errorCallbackURL: `/login?${new URLSearchParams({ redirectTo, magic_error: "1" })}`,
    });
    // Whether or not an account exists, the answer is the same (no account discovery), unless rate-limited.
    if (result.status === 429) return data<LoginResult>({ intent, ok: false, message: authErrorMessage(result), fieldErrors: {}, email }, { status: 429 });
    if (!result.ok && result.status >= 500)
      return data<LoginResult>(
        { intent, ok: false, message: "We couldn’t send the e-mail just now. Please try again in a moment.", fieldErrors: {}, email },
        { status: 502 },
      );
    return {
      intent,
      ok: true,
      message: `If an account exists for ${email}, we have sent it a sign-in link. Check your e-mail; the link works once and expires soon.`,
    } satisfies LoginResult;
  }

  const email = formText(form, "email").toLowerCase();
  const password = formText(form, "password", { trim: false });
  const fieldErrors: Partial<Record<Field, string>> = { email: emailError(email), password: password ? undefined : "Please enter your password" };
  if (fieldErrors.email || fieldErrors.password) {
    return data<LoginResult>({ intent: "password", ok: false, message: "Please correct the highlighted fields.", fieldErrors, email }, { status: 400 });
  }
  const result = await callAuth(context, request, "/sign-in/email", {
    email,
    password,
    rememberMe: form.get("remember") === "on",
    callbackURL: verifyEmailCallback(redirectTo),
  });
  if (result.ok) return redirectWithCookies(redirectTo, result);
  return data<LoginResult>({ intent: "password", ok: false, message: authErrorMessage(result), fieldErrors: {}, email }, { status: result.status });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, providers, notice } = loaderData;
  const result = actionData as LoginResult | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" ? navigation.formData?.get("intent") : null;
  const passwordResult = result?.intent === "password" ? result : undefined;
  const magicResult = result?.intent === "magic-link" ? result : undefined;
  const passwordErrors = passwordResult?.fieldErrors;
  const passwordForm = useFocusFirstInvalid(passwordErrors, ["email", "password"]);
  const magicForm = useFocusFirstInvalid(magicResult && !magicResult.ok ? magicResult.fieldErrors : undefined, ["email"]);
  const registerHref = redirectTo === "/" ? "/register" : `/register?${new URLSearchParams({ redirectTo })}`;

  return (
    <AuthPage
      title="Sign in"
      intro="Welcome back. Sign in to see your orders, keep your wishlist and check out faster."
      footer={
        <>
          New here?{" "}
          <Link to={registerHref} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
            Create an account
          </Link>
        </>
      }
    >
      {notice && (
        <FormAlert kind={notice.kind} className="mb-6" testId="login-notice">
          {notice.text}
        </FormAlert>
      )}
      {passwordResult && (
        <FormAlert kind="error" className="mb-6" testId="login-error">
          {passwordResult.message}
        </FormAlert>
      )}
      {result?.intent === "social" && (
        <FormAlert kind="error" className="mb-6" testId="social-error">
          {result.message}
        </FormAlert>
      )}

      <Form ref={passwordForm} method="post" noValidate className="grid gap-5" aria-label="Sign in with e-mail and password">
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField defaultValue={passwordResult?.email} error={passwordErrors?.email} />
        <PasswordField
          name="password"
          label="Password"
          error={passwordErrors?.password}
          labelAside={
            <Link to="/forgot-password" className="text-sm font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950">
              Forgot password?
            </Link>
          }
        />
        <Checkbox name="remember" label="Remember me on this device" defaultChecked />
        <SubmitButton busy={submitting === "password"} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </Form>

      {providers.length > 0 && (
        <>
          <Divider>or</Divider>
          <SocialSignIn providers={providers} redirectTo={redirectTo} />
        </>
      )}

      <section aria-labelledby="magic-link-title" className="mt-8 border-t border-stone-200 pt-6">
        <h2 id="magic-link-title" className="text-base font-semibold text-stone-900">
          Sign in with an e-mail link
        </h2>
        <p className="mt-1 text-sm text-stone-600">No password needed: we e-mail you a link that signs you in.</p>
        {magicResult && (
          <FormAlert kind={magicResult.ok ? "success" : "error"} className="mt-4" testId={magicResult.ok ? "magic-link-sent" : "magic-link-error"}>
            {magicResult.message}
          </FormAlert>
        )}
        <Form ref={magicForm} method="post" noValidate className="mt-4 grid gap-4" aria-label="Sign in with an e-mail link">
          <input type="hidden" name="intent" value="magic-link" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            name="email"
            label="E-mail address for the link"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            defaultValue={magicResult && !magicResult.ok ? magicResult.email : undefined}
            error={magicResult && !magicResult.ok ? magicResult.fieldErrors.email : undefined}
          />
          <SubmitButton busy={submitting === "magic-link"} busyLabel="Sending…" variant="secondary">
            E-mail me a sign-in link
          </SubmitButton>
        </Form>
      </section>
    </AuthPage>
  );
}
