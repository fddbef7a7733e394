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
  landingPath,
  redirectWithCookies,
  socialSignInRedirect,
  verifyEmailCallback,
} from "~/lib/auth-form.server";
import { useLocalePath, useRichT, useT } from "~/lib/i18n";
import { localizedPath, requestT } from "~/lib/i18n.server";
import type { Translate } from "#common/i18n/translate";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

type Field = "email" | "password";
export type LoginResult =
  | { intent: "password"; ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; email: string }
  | { intent: "magic-link"; ok: true; message: string }
  | { intent: "magic-link"; ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; email: string }
  | { intent: "social"; ok: false; message: string };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

/** Messages the page shows when it is reached from elsewhere (a reset password, a failed link, a guard), in its language. */
function notice(url: URL, t: Translate, toHome: boolean): { kind: "success" | "error" | "info"; text: string } | null {
  const q = url.searchParams;
  if (q.get("reset") === "1") return { kind: "success", text: t("account.login.notice.reset") };
  if (q.get("signedout") === "everywhere") return { kind: "success", text: t("account.login.notice.signedOutEverywhere") };
  if (q.get("deleted") === "account") return { kind: "success", text: t("account.login.notice.deleted") };
  if (q.get("provider_error")) return { kind: "error", text: t("account.login.notice.providerError") };
  if (q.get("magic_error") || q.get("error")) return { kind: "error", text: t("account.login.notice.linkError") };
  if (q.get("redirectTo") && !toHome) return { kind: "info", text: t("account.login.notice.signInToContinue") };
  return null;
}

/**
 * Signed-in visitors go straight on; others get the form, the configured providers and any
 * message. Where they go afterwards is in the page's language (/de/login leads to /de/…).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = landingPath(request, url.searchParams.get("redirectTo"));
  if (context.user) throw redirect(redirectTo);
  const t = requestT(request);
  return {
    redirectTo,
    providers: authProviders(context),
    notice: notice(url, t, redirectTo === localizedPath(request, "/")),
    description: t("account.login.description"),
  };
}

/** Password sign-in, an e-mail link, or (without JavaScript) the way to a third-party provider. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const t = requestT(request);
  const intent = formText(form, "intent") || "password";
  const redirectTo = landingPath(request, form.get("redirectTo"));

  if (intent === "social") {
    const response = await socialSignInRedirect(context, request, form);
    if (response) return response;
    return data<LoginResult>({ intent: "social", ok: false, message: t("account.social.unreachable") }, { status: 502 });
  }

  if (intent === "magic-link") {
    const email = formText(form, "email").toLowerCase();
    const invalid = emailError(email, t);
    if (invalid) return data<LoginResult>({ intent, ok: false, message: invalid, fieldErrors: { email: invalid }, email }, { status: 400 });
    const result = await callAuth(context, request, "/sign-in/magic-link", {
      email,
      callbackURL: redirectTo,
      newUserCallbackURL: redirectTo,
      errorCallbackURL: localizedPath(request, `/login?${new URLSearchParams({ redirectTo, magic_error: "1" })}`),
    });
    // Whether or not an account exists, the answer is the same (no account discovery), unless rate-limited.
    if (result.status === 429) return data<LoginResult>({ intent, ok: false, message: authErrorMessage(result, t), fieldErrors: {}, email }, { status: 429 });
    if (!result.ok && result.status >= 500)
      return data<LoginResult>({ intent, ok: false, message: t("account.error.mailFailed"), fieldErrors: {}, email }, { status: 502 });
    return { intent, ok: true, message: t("account.login.magicLinkSent", { email }) } satisfies LoginResult;
  }

  const email = formText(form, "email").toLowerCase();
  const password = formText(form, "password", { trim: false });
  const fieldErrors: Partial<Record<Field, string>> = {
    email: emailError(email, t),
    password: password ? undefined : t("account.field.passwordEnter"),
  };
  if (fieldErrors.email || fieldErrors.password) {
    return data<LoginResult>({ intent: "password", ok: false, message: t("account.form.correctFields"), fieldErrors, email }, { status: 400 });
  }
  const result = await callAuth(context, request, "/sign-in/email", {
    email,
    password,
    rememberMe: form.get("remember") === "on",
    callbackURL: verifyEmailCallback(request, redirectTo),
  });
  if (result.ok) return redirectWithCookies(redirectTo, result);
  return data<LoginResult>({ intent: "password", ok: false, message: authErrorMessage(result, t), fieldErrors: {}, email }, { status: result.status });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, providers, notice } = loaderData;
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const result = actionData as LoginResult | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" ? navigation.formData?.get("intent") : null;
  const passwordResult = result?.intent === "password" ? result : undefined;
  const magicResult = result?.intent === "magic-link" ? result : undefined;
  const passwordErrors = passwordResult?.fieldErrors;
  const passwordForm = useFocusFirstInvalid(passwordErrors, ["email", "password"]);
  const magicForm = useFocusFirstInvalid(magicResult && !magicResult.ok ? magicResult.fieldErrors : undefined, ["email"]);
  const registerHref = localePath(redirectTo === localePath("/") ? "/register" : `/register?${new URLSearchParams({ redirectTo })}`);

  return (
    <AuthPage
      title={t("account.login.title")}
      intro={t("account.login.intro")}
      footer={richT("account.login.newHere", {
        link: (
          <Link to={registerHref} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
            {t("account.login.createAccount")}
          </Link>
        ),
      })}
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

      <Form ref={passwordForm} method="post" noValidate className="grid gap-5" aria-label={t("account.login.passwordFormLabel")}>
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField defaultValue={passwordResult?.email} error={passwordErrors?.email} />
        <PasswordField
          name="password"
          label={t("account.field.password")}
          error={passwordErrors?.password}
          labelAside={
            <Link to={localePath("/forgot-password")} className="text-sm font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950">
              {t("account.login.forgotPassword")}
            </Link>
          }
        />
        <Checkbox name="remember" label={t("account.login.remember")} defaultChecked />
        <SubmitButton busy={submitting === "password"} busyLabel={t("account.login.busy")}>
          {t("account.login.submit")}
        </SubmitButton>
      </Form>

      {providers.length > 0 && (
        <>
          <Divider>{t("account.divider.or")}</Divider>
          <SocialSignIn providers={providers} redirectTo={redirectTo} />
        </>
      )}

      <section aria-labelledby="magic-link-title" className="mt-8 border-t border-stone-200 pt-6">
        <h2 id="magic-link-title" className="text-base font-semibold text-stone-900">
          {t("account.login.magicTitle")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t("account.login.magicText")}</p>
        {magicResult && (
          <FormAlert kind={magicResult.ok ? "success" : "error"} className="mt-4" testId={magicResult.ok ? "magic-link-sent" : "magic-link-error"}>
            {magicResult.message}
          </FormAlert>
        )}
        <Form ref={magicForm} method="post" noValidate className="mt-4 grid gap-4" aria-label={t("account.login.magicTitle")}>
          <input type="hidden" name="intent" value="magic-link" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            name="email"
            label={t("account.login.magicEmail")}
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            defaultValue={magicResult && !magicResult.ok ? magicResult.email : undefined}
            error={magicResult && !magicResult.ok ? magicResult.fieldErrors.email : undefined}
          />
          <SubmitButton busy={submitting === "magic-link"} busyLabel={t("account.busy.sending")} variant="secondary">
            {t("account.login.magicSubmit")}
          </SubmitButton>
        </Form>
      </section>
    </AuthPage>
  );
}
