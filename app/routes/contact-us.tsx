import { TextField } from "~/components/form/fields";
import { useEffect, useRef } from "react";
import { data } from "react-router";
import { toast } from "sonner";
import { contactSchema } from "#common/content/content.schema";
import { AppError, fieldErrors } from "#common/errors";
import { ContactList } from "~/components/layout/site-footer";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { seoMeta } from "~/lib/seo";
import { useShop } from "~/lib/shop";
import type { Translate } from "#common/i18n/translate";
import { useLocalePath, useRichT, useT } from "~/lib/i18n";
import { localizeFields, localizeMessage, requestT } from "~/lib/i18n.server";
import type { Route } from "./+types/contact-us";

type Field = "name" | "email" | "subject" | "message";
type Values = Record<Field, string>;
export type ContactResult = { ok: true; message: string } | { ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; values: Values };

/** The page's description for search engines, in its language (meta functions cannot translate). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { siteName } = await context.services.content.getSettings();
  return { description: requestT(request)("shop.contact.description", { siteName }) };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => seoMeta(matches, location, { description: loaderData?.description });

/**
 * The refusal of a sender over the rate limit, in the page's language: the messages service says
 * it in English with the wait ("Too many messages. Please try again in 5 minutes.").
 */
function tooManyText(t: Translate, message: string): string {
  const wait = /in (\d+) (second|minute|hour)s?\.$/.exec(message);
  return wait ? t("shop.contact.tooMany", { count: Number(wait[1]), unit: wait[2] }) : localizeMessage(t, message);
}

/** Validates the form, stores the message (rate-limited per IP) and answers with a result the page shows. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = requestT(request);
  const form = await request.formData();
  const values: Values = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    subject: String(form.get("subject") ?? ""),
    message: String(form.get("message") ?? ""),
  };
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    const result: ContactResult = {
      ok: false,
      message: t("shop.contact.correctFields"),
      fieldErrors: localizeFields(t, fieldErrors(parsed.error.issues)) ?? {},
      values,
    };
    return data(result, { status: 400 });
  }
  try {
    await context.services.messages.createMessage(parsed.data, context.clientIp);
  } catch (err) {
    if (err instanceof AppError && err.code === "rate_limited") {
      const result: ContactResult = { ok: false, message: tooManyText(t, err.message), fieldErrors: {}, values };
      return data(result, { status: 429 });
    }
    throw err;
  }
  const result: ContactResult = { ok: true, message: t("shop.contact.sent") };
  return result;
}

/** The contact form (a plain POST without JavaScript, a fetcher with it) beside the shop's contact details. */
export default function ContactUs({ actionData }: Route.ComponentProps) {
  const { settings } = useShop();
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const fetcher = useBackgroundFetcher<typeof action>(t("shop.contact.failed"));
  const formRef = useRef<HTMLFormElement>(null);
  const result = (fetcher.data ?? actionData) as ContactResult | undefined;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const values = result && !result.ok ? result.values : undefined;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data as ContactResult;
    if (r.ok) {
      toast.success(r.message);
      formRef.current?.reset();
    } else {
      toast.error(r.message);
      const first = (["name", "email", "subject", "message"] as const).find((f) => r.fieldErrors[f]);
      const field = first && formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
      if (field) {
        field.focus({ preventScroll: true });
        field.scrollIntoView({ block: "center" });
      }
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("shop.menu.contact")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t("shop.contact.title")}</h1>
        <p className="mt-3 text-base leading-relaxed text-stone-600 sm:text-lg">{t("shop.contact.intro", { siteName: settings.siteName })}</p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_22rem] lg:gap-12">
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="contact-form-title" className="text-lg font-semibold text-stone-900">
            {t("shop.contact.formTitle")}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {richT("shop.contact.requiredNote", {
              mark: (
                <>
                  <span aria-hidden="true">*</span>
                  <span className="sr-only">{t("shop.contact.asRequired")}</span>
                </>
              ),
            })}
          </p>

          {result?.ok && (
            <div
              role="status"
              className="mt-5 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-900"
              data-testid="contact-success"
            >
              {result.message}
            </div>
          )}
          {result && !result.ok && (
            <div role="alert" className="mt-5 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm font-medium text-rose-900" data-testid="contact-error">
              {result.message}
            </div>
          )}

          <fetcher.Form ref={formRef} method="post" noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
            <TextField name="name" label={t("shop.contact.name")} required autoComplete="name" defaultValue={values?.name} error={errors.name} />
            <TextField
              name="email"
              label={t("shop.contact.email")}
              type="email"
              required
              autoComplete="email"
              defaultValue={values?.email}
              error={errors.email}
            />
            <TextField
              name="subject"
              label={t("shop.contact.subject")}
              className="sm:col-span-2"
              defaultValue={values?.subject}
              error={errors.subject}
              maxLength={150}
            />
            <TextField
              name="message"
              label={t("shop.contact.message")}
              multiline
              required
              className="sm:col-span-2"
              defaultValue={values?.message}
              error={errors.message}
              hint={t("shop.contact.messageHint")}
              maxLength={5000}
            />
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={busy}
                className="inline-flex h-12 w-full items-center justify-center rounded-full bg-stone-900 px-8 text-sm font-semibold text-white hover:bg-stone-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
              >
                {busy ? t("shop.contact.sending") : t("shop.contact.send")}
              </button>
            </div>
          </fetcher.Form>
        </section>

        <aside aria-labelledby="contact-details-title" className="h-fit rounded-2xl bg-stone-100 p-5 sm:p-8">
          <h2 id="contact-details-title" className="text-lg font-semibold text-stone-900">
            {t("shop.contact.otherWays")}
          </h2>
          <ContactList
            settings={settings}
            t={t}
            localePath={localePath}
            className="mt-5 space-y-4 text-sm text-stone-800"
            linkClass="font-medium text-stone-900 underline underline-offset-4 hover:text-stone-700"
            iconClass="text-stone-600"
          />
          <p className="mt-6 border-t border-stone-300 pt-5 text-sm leading-relaxed text-stone-700">{t("shop.contact.replyTime")}</p>
        </aside>
      </div>
    </div>
  );
}
