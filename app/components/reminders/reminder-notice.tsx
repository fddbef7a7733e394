import { Link } from "react-router";
import { useLocalePath, useT } from "~/lib/i18n";
import type { MessageKey } from "#common/i18n/catalogs";

/** The page a reminder mail's link opens when it has something to say: a title, a sentence and the way back to the shop. */
export function ReminderNotice({ title, text, testId }: { title: MessageKey; text: MessageKey; testId: string }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-xl rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-10" data-testid={testId}>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{t(title)}</h1>
        <p className="mt-3 text-base text-stone-700">{t(text)}</p>
        <Link
          to={localePath("/")}
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-full bg-stone-900 px-6 font-semibold text-white hover:bg-stone-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
        >
          {t("reminders.continue")}
        </Link>
      </div>
    </div>
  );
}
