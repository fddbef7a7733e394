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
import type { Route } from "./+types/contact-us";

type Field = "name" | "email" | "subject" | "message";
type Values = Record<Field, string>;
export type ContactResult = { ok: true; message: string } | { ok: false; message: string; fieldErrors: Partial<Record<Field, string>>; values: Values };

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: { siteName?: string } } | undefined;
  const siteName = root?.settings?.siteName ?? "us";
  return seoMeta(matches, location, { description: `Questions about a product or an order? Send ${siteName} a message and we will get back to you.` });
};

/** Validates the form, stores the message (rate-limited per IP) and answers with a result the page shows. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Values = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    subject: String(form.get("subject") ?? ""),
    message: String(form.get("message") ?? ""),
  };
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    const result: ContactResult = { ok: false, message: "Please correct the highlighted fields.", fieldErrors: fieldErrors(parsed.error.issues), values };
    return data(result, { status: 400 });
  }
  try {
    await context.services.messages.createMessage(parsed.data, context.clientIp);
  } catch (err) {
    if (err instanceof AppError && err.code === "rate_limited") {
      const result: ContactResult = { ok: false, message: err.message, fieldErrors: {}, values };
      return data(result, { status: 429 });
    }
    throw err;
  }
  const result: ContactResult = { ok: true, message: "Thank you! Your message has been sent. We’ll get back to you soon." };
  return result;
}

/** The contact form (a plain POST without JavaScript, a fetcher with it) beside the shop's contact details. */
export default function ContactUs({ actionData }: Route.ComponentProps) {
  const { settings } = useShop();
  const fetcher = useBackgroundFetcher<typeof action>("Failed to send your message");
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
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Contact us</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">We’d love to hear from you</h1>
        <p className="mt-3 text-base leading-relaxed text-stone-600 sm:text-lg">
          A question about a product, an order or a return? Send us a message and the {settings.siteName} team will reply by e-mail.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_22rem] lg:gap-12">
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="contact-form-title" className="text-lg font-semibold text-stone-900">
            Send a message
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">as required</span> are required.
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
            <TextField name="name" label="Your name" required autoComplete="name" defaultValue={values?.name} error={errors.name} />
            <TextField name="email" label="E-mail address" type="email" required autoComplete="email" defaultValue={values?.email} error={errors.email} />
            <TextField name="subject" label="Subject" className="sm:col-span-2" defaultValue={values?.subject} error={errors.subject} maxLength={150} />
            <TextField
              name="message"
              label="Message"
              multiline
              required
              className="sm:col-span-2"
              defaultValue={values?.message}
              error={errors.message}
              hint="At least 10 characters."
              maxLength={5000}
            />
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={busy}
                className="inline-flex h-12 w-full items-center justify-center rounded-full bg-stone-900 px-8 text-sm font-semibold text-white hover:bg-stone-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
              >
                {busy ? "Sending…" : "Send message"}
              </button>
            </div>
          </fetcher.Form>
        </section>

        <aside aria-labelledby="contact-details-title" className="h-fit rounded-2xl bg-stone-100 p-5 sm:p-8">
          <h2 id="contact-details-title" className="text-lg font-semibold text-stone-900">
            Other ways to reach us
          </h2>
          <ContactList
            settings={settings}
            className="mt-5 space-y-4 text-sm text-stone-800"
            linkClass="font-medium text-stone-900 underline underline-offset-4 hover:text-stone-700"
            iconClass="text-stone-600"
          />
          <p className="mt-6 border-t border-stone-300 pt-5 text-sm leading-relaxed text-stone-700">
            We read every message and usually answer within one or two business days. For questions about an order, please include your order number.
          </p>
        </aside>
      </div>
    </div>
  );
}
