import { Link } from "react-router";
import { AdminForm, FormErrorSummary, FormMoney, FormSelect, FormSubmit, FormText, FormTextarea } from "~/components/admin/form";
import { auditActor, formFailure } from "~/components/admin/form-result.server";
import { CodeOnce, GiftCardStatusBadge, LastDay } from "~/components/admin/gift-cards/gift-card-parts";
import { readGiftCardForm } from "~/components/admin/gift-cards/gift-card-form.server";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { LocalDate, useOrderMoney } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { useT } from "~/lib/i18n";
import { MAX_GIFT_CARD_NOTE, lastSpendableDay } from "#common/giftcards/giftcards.schema";
import { LANGUAGE_NAMES, servedLanguages } from "#common/i18n/languages";
import type { AdminGiftCard } from "#modules/giftcards";
import type { Route } from "./+types/gift-cards";

/** Every card, newest first (each with the last day it can be spent, in the shop's calendar), and what the issue form offers: the shop's currencies and languages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const [cards, settings] = await Promise.all([context.services.giftCards.list(), context.services.content.getSettings()]);
  return {
    cards: cards.map((c) => ({ ...c, lastDay: c.expiresAt ? lastSpendableDay(c.expiresAt, settings.timeZone) : null })),
    currencies: [settings.currency, ...settings.currencies.map((c) => c.code)],
    languages: servedLanguages(settings),
  };
}

/** Issues a card (validated, audited) and answers it with its whole code, shown on this page once; a refusal shows beside its field. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  try {
    return { created: await context.services.giftCards.create(auditActor(context, user), readGiftCardForm(form)) };
  } catch (err) {
    return formFailure(err, form);
  }
}

/** One card in the list: the end of its code (the link to its page), its status, balance, last day, recipient and date. */
function CardItem({ card }: { card: AdminGiftCard & { lastDay: string | null } }) {
  const t = useT();
  const money = useOrderMoney();
  return (
    <li className="grid gap-2 p-4 sm:grid-cols-[minmax(9rem,1fr)_minmax(8rem,1fr)_minmax(8rem,1fr)_minmax(10rem,1.4fr)] sm:items-center sm:gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/admin-dashboard/gift-cards/${encodeURIComponent(card.id)}`}
          className="font-mono text-sm font-semibold text-stone-900 underline-offset-4 hover:underline"
          aria-label={t("admin.giftCards.cardEnding", { last4: card.last4 })}
        >
          •••• {card.last4}
        </Link>
        <GiftCardStatusBadge status={card.status} />
      </div>
      <div className="text-sm text-stone-900">
        <span className="sr-only">{t("admin.giftCards.balance")}: </span>
        <span className="font-semibold">{money(card.balance, card.currency)}</span>
        <span className="text-stone-600"> / {money(card.initialAmount, card.currency)}</span>
      </div>
      <div className="text-sm text-stone-700">
        <span className="text-stone-600">{t("admin.giftCards.expires")}: </span>
        <LastDay day={card.lastDay} />
      </div>
      <div className="min-w-0 text-sm text-stone-700">
        <span className="block truncate">
          <span className="sr-only">{t("admin.giftCards.recipient")}: </span>
          {card.recipientEmail ?? <span className="text-stone-600">{t("admin.giftCards.noRecipient")}</span>}
        </span>
        <span className="block text-xs text-stone-600">
          {t("admin.giftCards.created")} <LocalDate iso={card.createdAt} />
        </span>
      </div>
    </li>
  );
}

/** The gift cards screen: the cards, and a form to issue one (its code shown once after). */
export default function GiftCards({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, currencies, languages } = loaderData;
  const created = actionData && "created" in actionData ? actionData.created : null;
  const t = useT();
  const money = useOrderMoney();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("admin.nav.giftCards")} description={t("admin.giftCards.description")} />
      {created && (
        <>
          <CodeOnce
            code={created.code}
            title={t("admin.giftCards.issued", { amount: money(created.initialAmount, created.currency) })}
            mailedTo={created.recipientEmail}
          />
          <p className="-mt-3 mb-6 text-sm">
            <Link to={`/admin-dashboard/gift-cards/${encodeURIComponent(created.id)}`} className="font-medium text-stone-900 underline underline-offset-4">
              {t("admin.giftCards.openCard")}
            </Link>
          </p>
        </>
      )}

      <section aria-labelledby="cards-title" className="mb-10">
        <h2 id="cards-title" className="mb-3 text-lg font-semibold text-stone-900">
          {t("admin.giftCards.cards")}
        </h2>
        {cards.length === 0 ? (
          <EmptyState title={t("admin.giftCards.noneYet")} testId="gift-cards-empty">
            {t("admin.giftCards.noneYetText")}
          </EmptyState>
        ) : (
          <ul
            aria-label={t("admin.giftCards.listLabel")}
            className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white"
            data-testid="gift-cards"
          >
            {cards.map((c) => (
              <CardItem key={c.id} card={c} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="issue-title">
        <h2 id="issue-title" className="mb-3 text-lg font-semibold text-stone-900">
          {t("admin.giftCards.issueTitle")}
        </h2>
        {/* Keyed by the last card issued: after a success the form starts empty again. */}
        <AdminForm method="post" idPrefix="issue" key={created?.id ?? "new"} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <FormErrorSummary title={t("admin.giftCards.couldNotIssue")} />
          <div className="grid gap-6 sm:grid-cols-2">
            <FormMoney name="amount" label={t("admin.giftCards.amount")} placeholder="50.00" hint={t("admin.giftCards.amountHint")} required />
            {currencies.length > 1 ? (
              <FormSelect
                name="currency"
                label={t("admin.giftCards.currency")}
                defaultValue={currencies[0]}
                options={currencies.map((c) => ({ value: c, label: c }))}
              />
            ) : (
              <input type="hidden" name="currency" value={currencies[0]} />
            )}
            <FormText name="expiresAt" type="date" label={t("admin.giftCards.expiresOptional")} hint={t("admin.giftCards.expiresHint")} />
            <FormText
              name="recipientEmail"
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={200}
              label={t("admin.giftCards.recipientOptional")}
              hint={t("admin.giftCards.recipientHint")}
            />
            {languages.length > 1 && (
              <FormSelect
                name="language"
                label={t("admin.giftCards.language")}
                defaultValue={languages[0]}
                options={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              />
            )}
            <FormTextarea
              name="note"
              rows={3}
              maxLength={MAX_GIFT_CARD_NOTE}
              label={t("admin.giftCards.noteOptional")}
              hint={t("admin.giftCards.noteHint")}
              className="sm:col-span-2"
            />
          </div>
          <div className="mt-6 flex justify-end">
            <FormSubmit busyLabel={t("admin.giftCards.issuing")}>{t("admin.giftCards.issue")}</FormSubmit>
          </div>
        </AdminForm>
      </section>
    </div>
  );
}
