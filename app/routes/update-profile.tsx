import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, data, useLocation, useNavigation, useRevalidator } from "react-router";
import { Avatar } from "~/components/auth/account-links";
import { Checkbox, PasswordField, TextField } from "~/components/form/fields";
import { PASSWORD_MIN } from "#common/auth/password-rules";
import { FormAlert, Spinner, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { showToast } from "~/lib/toast";
import { authErrorMessage, callAuth, cookieHeaders, formText, newPasswordError, redirectWithCookies, waitIn } from "~/lib/auth-form.server";
import { AppError } from "#common/errors";
import type { Translate } from "#common/i18n/translate";
import { requireUser } from "~/lib/auth.server";
import { useLanguage, useLocalePath, useRichT, useT } from "~/lib/i18n";
import { localizeFields, localizeMessage, localizedPath, requestLanguage, requestT } from "~/lib/i18n.server";
import { type PageForm, readPageForm } from "~/lib/page-form.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/update-profile";

type ProfileField = "name" | "image" | "photo";
type PasswordFieldName = "currentPassword" | "newPassword";
export type UpdateResult =
  | { intent: "profile"; ok: true; message: string }
  | { intent: "profile"; ok: false; message: string; fieldErrors: Partial<Record<ProfileField, string>>; values: { name: string; image: string } }
  | { intent: "password"; ok: true; message: string }
  | { intent: "password"; ok: false; message: string; fieldErrors: Partial<Record<PasswordFieldName, string>> }
  | { intent: "signout-everywhere"; ok: false; message: string }
  | { intent: "delete-account"; ok: true; message: string }
  | { intent: "delete-account"; ok: false; message: string; fieldErrors: { password?: string } };

const MAX_NAME = 100;
/** The avatar upload's limit, as the server enforces it (checked in the browser first to answer at once). */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const saved = url.searchParams.get("saved") === "profile";
  // The link mailed to confirm deleting an account without a password (POST /api/account/delete).
  const deleteToken = url.searchParams.get("delete-token")?.slice(0, 200) || null;
  const hasPassword = await context.services.auth.hasPassword(user.id);
  const description = requestT(request)("account.update.description");
  return { profile: { name: user.name, email: user.email, image: user.image }, saved, hasPassword, deleteToken, description };
}

/** A photo uploaded to the shop (not a web address the person typed). */
const isUploadedPhoto = (image: string) => image.startsWith("/uploads/");

/** The photo address's error, if any, in the language of `t` (the page's; the browser's preview checks with it too). */
function imageError(image: string, t: Translate): string | undefined {
  if (!image) return undefined;
  if (image.length > 2048) return t("account.update.imageTooLong");
  if (isUploadedPhoto(image)) return undefined;
  try {
    const url = new URL(image);
    if (url.protocol === "https:" || url.protocol === "http:") return undefined;
  } catch {
    /* below */
  }
  return t("account.update.imageInvalid");
}

/**
 * A service's error for the page, in its language: a rate limit says how long to wait, a picture
 * store that is down says so in a shopper's words (its own text is for the shop's operator; the
 * English page keeps it), anything else through the errors catalog.
 */
function serviceMessage(request: Request, t: Translate, err: AppError): string {
  if (err.code === "rate_limited" && err.retryAfter) return t("account.error.tooManyWait", { wait: waitIn(t, err.retryAfter) });
  if (err.code === "unavailable" && requestLanguage(request) !== "en") return t("account.update.photoStoreDown");
  return localizeMessage(t, err.message);
}

/** Saves the name and photo, changes the password (other devices are signed out), or signs out everywhere. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const t = requestT(request);
  let page: PageForm;
  try {
    page = await readPageForm(request, { fileFields: ["photo"], tooLargeMessage: t("account.update.photoTooLarge") });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const values = { name: "", image: "" };
    const message = serviceMessage(request, t, err);
    const fieldErrors = err.code === "too_large" ? { photo: message } : {};
    return data<UpdateResult>({ intent: "profile", ok: false, message, fieldErrors, values }, { status: err.status });
  }
  try {
    return await saveForm(context, request, page);
  } finally {
    await page.cleanup();
  }
}

async function saveForm(context: Route.ActionArgs["context"], request: Request, { form, file }: PageForm) {
  const t = requestT(request);
  const intent = formText(form, "intent");

  if (intent === "password") {
    const currentPassword = formText(form, "currentPassword", { trim: false });
    const newPassword = formText(form, "newPassword", { trim: false });
    const fieldErrors: Partial<Record<PasswordFieldName, string>> = {
      currentPassword: currentPassword ? undefined : t("account.update.currentMissing"),
      newPassword: newPasswordError(newPassword, t) ?? (newPassword && newPassword === currentPassword ? t("account.update.samePassword") : undefined),
    };
    if (fieldErrors.currentPassword || fieldErrors.newPassword) {
      return data<UpdateResult>({ intent, ok: false, message: t("account.form.correctFields"), fieldErrors }, { status: 400 });
    }
    const result = await callAuth(context, request, "/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
    if (!result.ok) {
      const wrong = result.code === "INVALID_PASSWORD";
      return data<UpdateResult>(
        { intent, ok: false, message: authErrorMessage(result, t), fieldErrors: wrong ? { currentPassword: t("account.update.currentWrong") } : {} },
        { status: result.status },
      );
    }
    // The session was renewed (the others were ended): pass the new cookie on.
    return data<UpdateResult>({ intent, ok: true, message: t("account.update.passwordChanged") }, { headers: cookieHeaders(result) });
  }

  if (intent === "delete-account") {
    const user = requireUser(context, request);
    try {
      const result = await context.services.customers.deleteOwnAccount(
        user,
        { password: formText(form, "password", { trim: false }) || undefined, token: formText(form, "token") || undefined },
        context.requestId ?? null,
      );
      if (!result.deleted) return data<UpdateResult>({ intent, ok: true, message: t("account.update.deleteMailed", { email: user.email }) });
      const signedOut = await callAuth(context, request, "/sign-out", {});
      return redirectWithCookies(localizedPath(request, "/login?deleted=account"), signedOut);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const fieldErrors = localizeFields(t, err.fields?.password ? { password: err.fields.password } : undefined) ?? {};
      return data<UpdateResult>({ intent, ok: false, message: serviceMessage(request, t, err), fieldErrors }, { status: err.status });
    }
  }

  if (intent === "signout-everywhere") {
    const revoked = await callAuth(context, request, "/revoke-sessions", {});
    if (!revoked.ok) return data<UpdateResult>({ intent, ok: false, message: authErrorMessage(revoked, t) }, { status: revoked.status });
    const signedOut = await callAuth(context, request, "/sign-out", {});
    return redirectWithCookies(localizedPath(request, "/login?signedout=everywhere"), { setCookies: [...revoked.setCookies, ...signedOut.setCookies] });
  }

  // Without JavaScript the photo comes with the form (with it, the page has uploaded it already).
  const values = { name: formText(form, "name").replace(/\s+/g, " "), image: form.get("removePhoto") === "on" ? "" : formText(form, "image") };
  const fieldErrors: Partial<Record<ProfileField, string>> = {
    name: !values.name ? t("account.update.nameMissing") : values.name.length > MAX_NAME ? t("account.field.atMost", { max: MAX_NAME }) : undefined,
    image: file ? undefined : imageError(values.image, t),
  };
  if (fieldErrors.name || fieldErrors.image || fieldErrors.photo) {
    return data<UpdateResult>({ intent: "profile", ok: false, message: t("account.form.correctFields"), fieldErrors, values }, { status: 400 });
  }
  const setCookies: string[] = [];
  if (file) {
    try {
      const stored = await context.services.auth.setAvatar(request.headers, file.path);
      values.image = stored.image;
      setCookies.push(...stored.setCookies);
    } catch (err) {
      // The picture store is down: the form says so and keeps what was typed.
      if (err instanceof AppError && err.code === "unavailable") {
        const message = serviceMessage(request, t, err);
        return data<UpdateResult>({ intent: "profile", ok: false, message, fieldErrors: { photo: message }, values }, { status: 503 });
      }
      if (!(err instanceof AppError) || err.code !== "invalid_input") throw err;
      const message = t("account.update.notAPicture");
      return data<UpdateResult>({ intent: "profile", ok: false, message, fieldErrors: { photo: message }, values }, { status: 400 });
    }
  }
  const result = await callAuth(context, request, "/update-user", { name: values.name, image: values.image || null });
  if (!result.ok) {
    const field: ProfileField | undefined = result.code === "INVALID_NAME" ? "name" : result.code === "INVALID_IMAGE" ? "image" : undefined;
    const message = authErrorMessage(result, t);
    return data<UpdateResult>({ intent: "profile", ok: false, message, fieldErrors: field ? { [field]: message } : {}, values }, { status: result.status });
  }
  // Post/redirect/get: the next page load reads the refreshed session, so the header shows the new name and photo.
  return redirectWithCookies(localizedPath(request, "/update-profile?saved=profile"), { setCookies: [...setCookies, ...result.setCookies] });
}

export default function UpdateProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, saved, hasPassword, deleteToken } = loaderData;
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const profileSaved = useMemo<UpdateResult>(() => ({ intent: "profile", ok: true, message: t("account.update.saved") }), [t]);
  const result = (actionData as UpdateResult | undefined) ?? (saved ? profileSaved : undefined);
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  // Successes also show as a toast (spec: toasts at top-center); the inline message stays for no-JS visitors.
  useEffect(() => {
    if (result?.ok) showToast("success", result.message);
  }, [result, location.key]);

  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <header>
          <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("account.update.eyebrow")}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t("account.update.title")}</h1>
          <p className="mt-3 text-base text-stone-600">
            {richT("account.update.signedInAs", {
              email: <span className="font-medium text-stone-900">{profile.email}</span>,
              link: (
                <Link to={localePath("/my-profile")} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
                  {t("account.update.seeProfile")}
                </Link>
              ),
            })}
          </p>
        </header>
        <ProfileSection profile={profile} result={result?.intent === "profile" ? result : undefined} busy={submitting === "profile"} />
        <PasswordSection email={profile.email} result={result?.intent === "password" ? result : undefined} busy={submitting === "password"} />
        <section aria-labelledby="everywhere-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="everywhere-title" className="text-lg font-semibold text-stone-900">
            {t("account.update.everywhereTitle")}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-stone-600">{t("account.update.everywhereText")}</p>
          {result?.intent === "signout-everywhere" && (
            <FormAlert kind="error" className="mt-4">
              {result.message}
            </FormAlert>
          )}
          <Form method="post" className="mt-5 sm:w-fit">
            <SubmitButton
              name="intent"
              value="signout-everywhere"
              busy={submitting === "signout-everywhere"}
              busyLabel={t("account.signOut.busy")}
              variant="danger"
            >
              {t("account.update.everywhereSubmit")}
            </SubmitButton>
          </Form>
        </section>
        <DeleteAccountSection
          email={profile.email}
          hasPassword={hasPassword}
          token={deleteToken}
          result={result?.intent === "delete-account" ? result : undefined}
          busy={submitting === "delete-account"}
        />
      </div>
    </div>
  );
}

function ProfileSection({
  profile,
  result,
  busy,
}: {
  profile: { name: string; email: string; image: string | null };
  result?: Extract<UpdateResult, { intent: "profile" }>;
  busy: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldErrors, ["name", "image"]);
  const hydrated = useHydrated();
  const [image, setImage] = useState(failed?.values.image ?? profile.image ?? "");
  const [upload, setUpload] = useState<{ state: "idle" | "uploading" | "error" | "done"; message?: string }>({ state: "idle" });
  const fileRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();

  // A saved profile is the new starting point.
  useEffect(() => setImage(profile.image ?? ""), [profile.image]);

  async function onFile(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith("image/")) return setUpload({ state: "error", message: t("account.update.chooseAPicture") });
    if (file.size > MAX_PHOTO_BYTES) return setUpload({ state: "error", message: t("account.update.photoTooLarge") });
    setUpload({ state: "uploading" });
    const body = new FormData();
    body.set("file", file);
    try {
      const res = await fetch("/api/account/avatar", { method: "POST", body, credentials: "include", headers: { accept: "application/json" } });
      const json = (await res.json().catch(() => null)) as { image?: string; url?: string; error?: { code?: string; message?: string } } | null;
      const url = json?.image ?? json?.url;
      if (!res.ok || !url) {
        // The API answers in English: the English page shows its sentence, the others their own words for its code.
        const message =
          res.status === 413
            ? t("account.update.uploadTooLarge")
            : language === "en" && json?.error?.message
              ? json.error.message
              : json?.error?.code === "invalid_input"
                ? t("account.update.notAPicture")
                : json?.error?.code === "unavailable"
                  ? t("account.update.photoStoreDown")
                  : t("account.update.uploadFailed");
        return setUpload({ state: "error", message });
      }
      // The upload saves the photo at once; the header picks it up with the revalidated user.
      setImage(url);
      setUpload({ state: "done", message: t("account.update.photoSaved") });
      showToast("success", t("account.update.photoUpdated"));
      void revalidator.revalidate();
    } catch {
      setUpload({ state: "error", message: t("account.update.uploadOffline") });
    } finally {
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  const uploaded = isUploadedPhoto(image);
  const preview = { name: profile.name, email: profile.email, image: imageError(image, t) ? null : image || null };
  return (
    <section aria-labelledby="profile-title" className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id="profile-title" className="text-lg font-semibold text-stone-900">
        {t("account.update.profileTitle")}
      </h2>
      {result?.ok && (
        <FormAlert kind="success" className="mt-4" testId="profile-saved">
          {result.message}
        </FormAlert>
      )}
      {failed && (
        <FormAlert kind="error" className="mt-4" testId="profile-error">
          {failed.message}
        </FormAlert>
      )}
      <Form ref={formRef} method="post" encType="multipart/form-data" noValidate className="mt-6 grid gap-6">
        <input type="hidden" name="intent" value="profile" />
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <div className="relative w-fit shrink-0">
            <Avatar user={preview} className="size-24 text-2xl" />
            {upload.state === "uploading" && (
              <span className="absolute inset-0 grid place-items-center rounded-full bg-white/70 text-stone-900">
                <Spinner className="size-6" />
              </span>
            )}
          </div>
          <div className="grid min-w-0 flex-1 gap-4">
            {!hydrated && (
              <div>
                <label htmlFor="avatar-upload" className="block text-sm font-medium text-stone-900">
                  {t("account.update.upload")}
                </label>
                <input
                  id="avatar-upload"
                  name="photo"
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                  aria-invalid={failed?.fieldErrors.photo ? true : undefined}
                  aria-describedby="avatar-upload-note"
                  className="mt-1.5 block w-full text-sm text-stone-800 file:mr-3 file:h-10 file:rounded-full file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold"
                />
                <p
                  id="avatar-upload-note"
                  className={`mt-1.5 text-sm ${failed?.fieldErrors.photo ? "font-medium text-rose-700" : "text-stone-600"}`}
                  data-testid={failed?.fieldErrors.photo ? "photo-error" : undefined}
                >
                  {failed?.fieldErrors.photo ?? t("account.update.uploadHintForm")}
                </p>
              </div>
            )}
            {hydrated && (
              <div>
                <label
                  htmlFor="avatar-file"
                  className="inline-flex h-11 cursor-pointer items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-stone-900"
                >
                  {upload.state === "uploading" ? t("account.update.uploading") : t("account.update.upload")}
                  <input
                    ref={fileRef}
                    id="avatar-file"
                    type="file"
                    accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                    onChange={(e) => void onFile(e)}
                    disabled={upload.state === "uploading"}
                    aria-describedby="avatar-file-status"
                    className="sr-only"
                  />
                </label>
                <p
                  id="avatar-file-status"
                  role="status"
                  className={`mt-2 text-sm ${upload.state === "error" ? "font-medium text-rose-700" : "text-stone-600"}`}
                  data-testid="avatar-status"
                >
                  {upload.message ?? t("account.update.uploadHint")}
                </p>
              </div>
            )}
            {uploaded ? (
              // An uploaded photo is the shop's own file: kept as it is, or removed; its address is nobody's business.
              <div data-testid="uploaded-photo">
                <input type="hidden" name="image" value={image} />
                <p className="text-sm text-stone-700">{t("account.update.uploadedPhoto")}</p>
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => setImage("")}
                    className="mt-2 inline-flex h-10 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-50"
                  >
                    {t("account.update.removePhoto")}
                  </button>
                ) : (
                  <Checkbox name="removePhoto" label={t("account.update.removeMyPhoto")} hint={t("account.update.removeHint")} className="mt-2" />
                )}
              </div>
            ) : (
              <TextField
                key={image}
                name="image"
                label={hydrated ? t("account.update.orImageUrl") : t("account.update.imageUrl")}
                type="url"
                inputMode="url"
                placeholder="https://"
                defaultValue={image}
                error={failed?.fieldErrors.image}
                hint={profile.image && !image ? t("account.update.imageRemoveHint") : t("account.update.imageEmptyHint")}
              />
            )}
          </div>
        </div>
        <TextField
          name="name"
          label={t("account.update.displayName")}
          required
          autoComplete="name"
          maxLength={MAX_NAME}
          defaultValue={failed?.values.name ?? profile.name}
          error={failed?.fieldErrors.name}
        />
        <div className="sm:w-fit">
          <SubmitButton busy={busy} busyLabel={t("account.busy.saving")}>
            {t("account.update.saveProfile")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function PasswordSection({ email, result, busy }: { email: string; result?: Extract<UpdateResult, { intent: "password" }>; busy: boolean }) {
  const t = useT();
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldErrors, ["currentPassword", "newPassword"]);
  // Clear both fields once the change went through.
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result, formRef]);
  return (
    <section aria-labelledby="password-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id="password-title" className="text-lg font-semibold text-stone-900">
        {t("account.update.passwordTitle")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("account.update.passwordText")}</p>
      {result?.ok && (
        <FormAlert kind="success" className="mt-4" testId="password-changed">
          {result.message}
        </FormAlert>
      )}
      {failed && (
        <FormAlert kind="error" className="mt-4" testId="password-error">
          {failed.message}
        </FormAlert>
      )}
      <Form ref={formRef} method="post" noValidate className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value="password" />
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
        <PasswordField name="currentPassword" label={t("account.update.currentPassword")} error={failed?.fieldErrors.currentPassword} />
        <PasswordField
          name="newPassword"
          label={t("account.field.newPassword")}
          autoComplete="new-password"
          showStrength
          error={failed?.fieldErrors.newPassword}
          hint={t("account.field.passwordHint", { min: PASSWORD_MIN })}
        />
        <div className="sm:w-fit">
          <SubmitButton busy={busy} busyLabel={t("account.update.changing")}>
            {t("account.update.passwordTitle")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/**
 * Deleting one's own account: the password again, or (an account without one) a link mailed to
 * the address, whose page (?delete-token=…) asks once more. The orders stay, anonymised.
 */
function DeleteAccountSection({
  email,
  hasPassword,
  token,
  result,
  busy,
}: {
  email: string;
  hasPassword: boolean;
  token: string | null;
  result?: Extract<UpdateResult, { intent: "delete-account" }>;
  busy: boolean;
}) {
  const t = useT();
  const richT = useRichT();
  const failed = result && !result.ok ? result : undefined;
  const formRef = useFocusFirstInvalid(failed?.fieldErrors, ["password"]);
  return (
    <section id="delete-account" aria-labelledby="delete-title" className="mt-6 rounded-2xl border border-rose-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id="delete-title" className="text-lg font-semibold text-stone-900">
        {t("account.update.deleteTitle")}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-stone-600">
        {richT("account.update.deleteText", {
          link: (
            <a href="/api/account/export" download className="font-semibold text-stone-900 underline underline-offset-4">
              {t("account.update.download")}
            </a>
          ),
        })}
      </p>
      {result?.ok && (
        <FormAlert kind="success" className="mt-4" testId="delete-mailed">
          {result.message}
        </FormAlert>
      )}
      {failed && (
        <FormAlert kind="error" className="mt-4" testId="delete-error">
          {failed.message}
        </FormAlert>
      )}
      <Form ref={formRef} method="post" noValidate className="mt-5 grid gap-5">
        <input type="hidden" name="intent" value="delete-account" />
        {token ? (
          <>
            <input type="hidden" name="token" value={token} />
            <p className="text-sm font-medium text-stone-900">{t("account.update.deleteByLink", { email })}</p>
          </>
        ) : hasPassword ? (
          <>
            <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
            <PasswordField name="password" label={t("account.update.deletePassword")} error={failed?.fieldErrors.password} />
          </>
        ) : (
          <p className="text-sm text-stone-700">{t("account.update.deleteNoPassword", { email })}</p>
        )}
        <div className="sm:w-fit">
          <SubmitButton busy={busy} busyLabel={token || hasPassword ? t("account.update.deleting") : t("account.busy.sending")} variant="danger">
            {token || hasPassword ? t("account.update.deleteSubmit") : t("account.update.deleteMail")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
