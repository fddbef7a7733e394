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
  landingPath,
  newPasswordError,
  redirectWithCookies,
  socialSignInRedirect,
  verifyEmailCallback,
} from "~/lib/auth-form.server";
import { useLocalePath, useRichT, useT } from "~/lib/i18n";
import { requestT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/register";

type Field = "name" | "email" | "password";
export type RegisterResult =
  | {
      ok: false;
      message: string;
      fieldErrors: Partial<Record<Field, string>>;
      values: { name: string; email: string };
      /** The address has an account already: the page offers to sign in or reset the password. */
      duplicate?: boolean;
    }
  | { ok: true; verify: true; email: string };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

/** Signed-in visitors go straight on, in the page's language; others get the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = landingPath(request, new URL(request.url).searchParams.get("redirectTo"));
  if (context.user) throw redirect(redirectTo);
  return { redirectTo, providers: authProviders(context), description: requestT(request)("account.register.description") };
}

/** Creates the account (signed in at once, or asked to confirm the e-mail address first when the shop requires it). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const t = requestT(request);
  const redirectTo = landingPath(request, form.get("redirectTo"));
  if (formText(form, "intent") === "social") {
    const response = await socialSignInRedirect(context, request, form);
    if (response) return response;
    const message = t("account.social.unreachable");
    return data<RegisterResult>({ ok: false, message, fieldErrors: {}, values: { name: "", email: "" } }, { status: 502 });
  }

  const values = { name: formText(form, "name").replace(/\s+/g, " "), email: formText(form, "email").toLowerCase() };
  const password = formText(form, "password", { trim: false });
  const fieldErrors: Partial<Record<Field, string>> = {
    name: values.name.length > 100 ? t("account.register.nameTooLong", { max: 100 }) : undefined,
    email: emailError(values.email, t),
    password: newPasswordError(password, t),
  };
  if (Object.values(fieldErrors).some(Boolean)) {
    return data<RegisterResult>({ ok: false, message: t("account.form.correctFields"), fieldErrors, values }, { status: 400 });
  }

  const name = values.name || values.email.split("@")[0];
  const result = await callAuth<{ token?: string | null }>(context, request, "/sign-up/email", {
    name,
    email: values.email,
    password,
    callbackURL: verifyEmailCallback(request, redirectTo),
  });
  if (!result.ok) {
    const duplicate = result.code === "USER_ALREADY_EXISTS" || result.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
    const message = authErrorMessage(result, t);
    return data<RegisterResult>(
      {
        ok: false,
        message,
        fieldErrors: duplicate ? { email: t("account.register.emailTaken") } : result.code?.startsWith("PASSWORD") ? { password: message } : {},
        values,
        duplicate,
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
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const result = actionData as RegisterResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "register";
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldErrors, ["name", "email", "password"]);
  const loginHref = localePath(redirectTo === localePath("/") ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`);
  const loginLink = (
    <Link to={loginHref} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
      {t("account.register.signIn")}
    </Link>
  );

  if (result?.ok) {
    return (
      <AuthPage title={t("account.register.checkEmail")} footer={richT("account.register.alreadyConfirmed", { link: loginLink })}>
        <FormAlert kind="success" testId="register-verify">
          {richT("account.register.verifySent", { email: <strong>{result.email}</strong> })}
        </FormAlert>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t("account.register.title")} intro={t("account.register.intro")} footer={richT("account.register.haveAccount", { link: loginLink })}>
      {failed && (
        <FormAlert kind="error" className="mb-6" testId="register-error">
          {failed.message}
          {failed.fieldErrors.email && failed.duplicate && (
            <>
              {" "}
              {richT("account.register.signInOrReset", {
                signIn: (
                  <Link to={loginHref} className="underline underline-offset-4">
                    {t("account.register.signIn")}
                  </Link>
                ),
                reset: (
                  <Link to={localePath("/forgot-password")} className="underline underline-offset-4">
                    {t("account.register.resetPassword")}
                  </Link>
                ),
              })}
            </>
          )}
        </FormAlert>
      )}
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-label={t("account.register.title")}>
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="name"
          label={t("account.register.name")}
          autoComplete="name"
          maxLength={100}
          defaultValue={failed?.values.name}
          error={failed?.fieldErrors.name}
          hint={t("account.register.nameHint")}
        />
        <EmailField defaultValue={failed?.values.email} error={failed?.fieldErrors.email} />
        <PasswordField
          name="password"
          label={t("account.field.password")}
          autoComplete="new-password"
          showStrength
          error={failed?.fieldErrors.password}
          hint={t("account.register.passwordHint", { min: PASSWORD_MIN })}
        />
        <SubmitButton busy={busy} busyLabel={t("account.register.busy")}>
          {t("account.register.submit")}
        </SubmitButton>
        <p className="text-xs leading-relaxed text-stone-600">
          {richT("account.register.privacy", {
            link: (
              <Link to={localePath("/privacy-policy")} className="underline underline-offset-2">
                {t("account.register.privacyLink")}
              </Link>
            ),
          })}
        </p>
      </Form>

      {providers.length > 0 && (
        <>
          <Divider>{t("account.divider.or")}</Divider>
          <SocialSignIn providers={providers} redirectTo={redirectTo} signUp />
        </>
      )}
    </AuthPage>
  );
}
