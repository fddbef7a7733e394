import { useState } from "react";
import { Link } from "react-router";
import {
  AdminForm,
  FormCheckbox,
  FormErrorSummary,
  FormMoney,
  FormNumber,
  FormSelect,
  FormSubmit,
  FormText,
  FormTextarea,
  useField,
} from "~/components/admin/form";
import { ImagePicker } from "~/components/admin/banners/image-picker";
import { StatusBadge, buttonClass } from "~/components/admin/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { SelectField, TextField } from "~/components/form/fields";
import type { SiteSettings } from "#common/content/content.schema";
import { LIVE_CHAT_LABELS, LIVE_CHAT_PROVIDERS, type LiveChatProvider } from "#common/content/live-chat";
import type { SettingsFacts } from "#modules/content";
import { TranslationTabs } from "~/components/admin/translation-tabs";
import type { MessageKey } from "#common/i18n/catalogs";
import { useT } from "~/lib/i18n";
import { type MarketChoices, MarketsEditor } from "./markets-editor";
import { RemoveRow, type Row, useRows } from "./row-editor";

/** The lists the form suggests from (the server's, so the page and its hydration agree). */
export interface SettingsChoices extends MarketChoices {
  countries: Array<{ code: string; name: string }>;
  timeZones: string[];
  locales: string[];
}

/** The sections, in order: the page's table of contents and the form's cards. */
export const SETTINGS_SECTIONS = [
  ["store", "admin.settings.section.store"],
  ["contact", "admin.settings.section.contact"],
  ["regional", "admin.settings.section.regional"],
  ["markets", "admin.settings.section.markets"],
  ["taxes", "admin.settings.section.taxes"],
  ["shipping", "admin.settings.section.shipping"],
  ["payments", "admin.settings.section.payments"],
  ["orders", "admin.settings.section.orders"],
  ["catalogue", "admin.settings.section.catalogue"],
  ["alerts", "admin.settings.section.alerts"],
  ["reviews", "admin.settings.section.reviews"],
  ["analytics", "admin.settings.section.analytics"],
  ["cart-reminders", "admin.settings.section.cartReminders"],
  ["announcement", "admin.settings.section.announcement"],
  ["live-chat", "admin.settings.section.liveChat"],
] as const satisfies ReadonlyArray<readonly [string, MessageKey]>;
type SectionId = (typeof SETTINGS_SECTIONS)[number][0];
const TITLE = Object.fromEntries(SETTINGS_SECTIONS) as Record<SectionId, MessageKey>;

function Section({ id, description, children }: { id: SectionId; description?: string; children: React.ReactNode }) {
  const t = useT();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {t(TITLE[id])}
      </h2>
      {description && <p className="mt-1 text-sm text-stone-700">{description}</p>}
      <div className="mt-4 space-y-5">{children}</div>
    </section>
  );
}

/** A text field of the admin form with a datalist of suggestions (searchable by typing; any listed value). */
function SuggestField({
  name,
  label,
  hint,
  defaultValue,
  options,
  required,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  options: readonly string[];
  required?: boolean;
}) {
  const field = useField(name, defaultValue);
  const listId = `${field.id}-list`;
  return (
    <>
      <TextField
        name={name}
        id={field.id}
        label={label}
        hint={hint}
        required={required}
        list={listId}
        autoComplete="off"
        defaultValue={field.defaultValue}
        error={field.error}
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    </>
  );
}

type Zone = SiteSettings["shippingZones"][number];

function ZonesEditor({ zones, currency, choices }: { zones: Zone[]; currency: string; choices: SettingsChoices }) {
  const hydrated = useHydrated();
  const { rows, add, remove } = useRows<Partial<Zone>>(zones);
  const shown = hydrated ? rows : [...rows, { key: "blank" } as Row<Partial<Zone>>];
  const countryOptions = choices.countries.map((c) => ({ value: c.code, label: c.name }));
  const t = useT();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-900">{t("admin.settings.zones")}</legend>
      <p className="mt-1 text-xs text-stone-600">{t("admin.settings.zonesText")}</p>
      <ol className="mt-3 space-y-4" data-testid="zones-editor">
        {shown.map((zone, i) => {
          const label = zone.name ? t("admin.settings.zoneNamed", { name: zone.name }) : t("admin.settings.zoneN", { n: i + 1 });
          return (
            <li key={zone.key} className="rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4" data-testid="zone-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold text-stone-900">
                  {zone.key === "blank" ? t("admin.settings.newZone") : t("admin.settings.zoneTitle", { n: i + 1 })}
                </p>
                {zone.key !== "blank" && <RemoveRow group="shippingZones" index={i} label={label} onRemove={() => remove(zone.key)} />}
              </div>
              <input type="hidden" name={`shippingZones.${i}.id`} value={zone.id ?? ""} />
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <FormText
                  name={`shippingZones.${i}.name`}
                  label={t("admin.products.table.name")}
                  maxLength={60}
                  defaultValue={zone.name ?? ""}
                  hint={t("admin.settings.whatTheCheckoutCalls")}
                />
                <FormMoney
                  name={`shippingZones.${i}.rate`}
                  label={t("admin.settings.rate")}
                  currency={currency}
                  defaultValue={zone.rate}
                  hint={t("admin.settings.addedToEachProduct")}
                />
                <FormSelect
                  name={`shippingZones.${i}.country`}
                  label={t("admin.settings.country")}
                  options={countryOptions}
                  defaultValue={zone.country ?? choices.countries[0]?.code}
                />
                <FormText
                  name={`shippingZones.${i}.regions`}
                  label={t("admin.settings.regionsOptional")}
                  defaultValue={(zone.regions ?? []).join(", ")}
                  hint={t("admin.settings.codesOrNamesSeparated")}
                />
                <FormTextarea
                  name={`shippingZones.${i}.cities`}
                  label={t("admin.settings.citiesOptional")}
                  rows={2}
                  defaultValue={(zone.cities ?? []).join(", ")}
                  className="sm:col-span-2"
                  hint={t("admin.settings.separatedByCommasOr")}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {hydrated && (
        <button type="button" className={`${buttonClass("secondary", "sm")} mt-3`} onClick={() => add({ name: "", regions: [], cities: [] })}>
          {t("admin.settings.addZone")}
        </button>
      )}
    </fieldset>
  );
}

type Courier = SiteSettings["couriers"][number];

function CouriersEditor({ couriers }: { couriers: Courier[] }) {
  const hydrated = useHydrated();
  const { rows, add, remove } = useRows<Partial<Courier>>(couriers);
  const shown = hydrated ? rows : [...rows, { key: "blank" } as Row<Partial<Courier>>];
  const t = useT();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-900">{t("admin.settings.couriers")}</legend>
      <p className="mt-1 text-xs text-stone-600">{t("admin.settings.couriersText", { placeholder: "{tracking}" })}</p>
      <ol className="mt-3 space-y-3" data-testid="couriers-editor">
        {shown.map((courier, i) => {
          const label = courier.name ? `courier ${courier.name}` : `courier ${i + 1}`;
          return (
            <li
              key={courier.key}
              className="grid gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-start"
            >
              <input type="hidden" name={`couriers.${i}.id`} value={courier.id ?? ""} />
              <FormText
                name={`couriers.${i}.name`}
                label={courier.key === "blank" ? t("admin.settings.newCourier") : t("admin.products.table.name")}
                maxLength={60}
                defaultValue={courier.name ?? ""}
              />
              <FormText
                name={`couriers.${i}.trackingUrl`}
                label={t("admin.settings.trackingAddress")}
                type="url"
                maxLength={500}
                defaultValue={courier.trackingUrl ?? ""}
                placeholder="https://…{tracking}"
              />
              {courier.key !== "blank" && (
                <div className="sm:pt-8">
                  <RemoveRow group="couriers" index={i} label={label} onRemove={() => remove(courier.key)} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {hydrated && (
        <button type="button" className={`${buttonClass("secondary", "sm")} mt-3`} onClick={() => add({ name: "", trackingUrl: "" })}>
          {t("admin.settings.addCourier")}
        </button>
      )}
    </fieldset>
  );
}

function LiveChatFields({ chat }: { chat: SiteSettings["liveChat"] }) {
  const hydrated = useHydrated();
  const provider = useField("liveChat.provider", chat.provider);
  const [chosen, setChosen] = useState<LiveChatProvider>((provider.defaultValue as LiveChatProvider) ?? "none");
  const about = LIVE_CHAT_LABELS[chosen];
  const t = useT();
  return (
    <>
      <SelectField
        name="liveChat.provider"
        id={provider.id}
        label={t("admin.settings.chatProvider")}
        defaultValue={provider.defaultValue}
        error={provider.error}
        options={LIVE_CHAT_PROVIDERS.map((p) => ({ value: p, label: LIVE_CHAT_LABELS[p].name }))}
        hint={t("admin.settings.theWidgetLoadsOn")}
        // The id's label and hint follow the provider.
        onChange={(e) => setChosen(e.currentTarget.value as LiveChatProvider)}
      />
      {(!hydrated || chosen !== "none") && (
        <FormText
          name="liveChat.id"
          label={hydrated ? about.idLabel : t("admin.settings.widgetId")}
          maxLength={300}
          defaultValue={chat.id}
          hint={hydrated ? about.idHint : t("admin.settings.widgetIdHint")}
        />
      )}
    </>
  );
}

/**
 * The site settings' form, one section per area (store, contact, regional, languages and
 * currencies, taxes (a link to their own screen), shipping, payments, orders, catalogue,
 * analytics, announcement, live chat), saved at once by one plain POST (it works before
 * JavaScript loads). The server's refusal shows beside each field and in a summary at
 * the top; leaving with unsaved changes asks first.
 */
export function SettingsForm({
  settings,
  facts,
  version,
  choices,
}: {
  settings: SiteSettings;
  facts: SettingsFacts;
  version: string;
  choices: SettingsChoices;
}) {
  const t = useT();
  return (
    <AdminForm method="post" idPrefix="settings" warnUnsaved className="max-w-3xl" data-testid="settings-form">
      <FormErrorSummary title={t("admin.settings.theSettingsCouldNot")} />
      <input type="hidden" name="version" value={version} />
      <div className="space-y-6">
        <Section id="store" description={t("admin.settings.howTheShopIntroduces")}>
          <FormText name="siteName" label={t("admin.settings.shopName")} required maxLength={80} defaultValue={settings.siteName} />
          <FormText
            name="tagline"
            label={t("admin.settings.tagline")}
            maxLength={160}
            defaultValue={settings.tagline}
            hint={t("admin.settings.aLineUnderThe")}
          />
          <FormTextarea
            name="description"
            label={t("admin.productForm.description")}
            rows={3}
            maxLength={500}
            defaultValue={settings.description}
            hint={t("admin.settings.forSearchEnginesAnd")}
          />
          <ImagePicker name="logo" label={t("admin.settings.logo")} kind="logo" defaultValue={settings.logo} hint={t("admin.settings.shownInTheHeader")} />
          <ImagePicker
            name="favicon"
            label={t("admin.settings.favicon")}
            kind="favicon"
            defaultValue={settings.favicon}
            hint={t("admin.settings.theBrowserTabS")}
          />
        </Section>

        <Section id="contact" description={t("admin.settings.shownInTheFooter")}>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormText
              name="contactEmail"
              label={t("admin.settings.contactEMail")}
              type="email"
              maxLength={200}
              defaultValue={settings.contactEmail}
              hint={t("admin.settings.newContactMessagesNew")}
            />
            <FormText name="contactPhone" label={t("admin.settings.phone")} type="tel" maxLength={40} defaultValue={settings.contactPhone} />
          </div>
          <FormCheckbox
            name="notifyNewOrders"
            label={t("admin.settings.mailMeAboutNew")}
            defaultChecked={settings.notifyNewOrders}
            hint={t("admin.settings.eachNewOrderIs")}
          />
          <FormTextarea name="address" label={t("admin.productForm.address")} rows={2} maxLength={300} defaultValue={settings.address} />
          <fieldset>
            <legend className="text-sm font-medium text-stone-900">{t("admin.audit.field.socialLinks")}</legend>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              {(["facebook", "instagram", "twitter", "youtube"] as const).map((network) => (
                <FormText
                  key={network}
                  name={`socialLinks.${network}`}
                  label={{ facebook: "Facebook", instagram: "Instagram", twitter: "X (Twitter)", youtube: "YouTube" }[network]}
                  type="url"
                  maxLength={500}
                  defaultValue={settings.socialLinks[network]}
                  placeholder="https://"
                />
              ))}
            </div>
          </fieldset>
        </Section>

        <Section id="regional" description={t("admin.settings.pricesShowInThe")}>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormSelect
              name="country"
              label={t("admin.settings.shopSCountry")}
              options={choices.countries.map((c) => ({ value: c.code, label: c.name }))}
              defaultValue={settings.country}
              hint={t("admin.settings.firstInTheCheckout")}
            />
            <SuggestField
              name="currency"
              label={t("admin.settings.currency")}
              defaultValue={settings.currency}
              options={choices.currencies.map((c) => c.code)}
              required
              hint={t("admin.settings.anIsoCodeSuch")}
            />
            <SuggestField
              name="locale"
              label={t("admin.settings.locale")}
              defaultValue={settings.locale}
              options={choices.locales}
              required
              hint={t("admin.settings.howNumbersAndDates")}
            />
            <SuggestField
              name="timeZone"
              label={t("admin.settings.timeZone")}
              defaultValue={settings.timeZone}
              options={choices.timeZones}
              required
              hint={t("admin.settings.typeToSearchSuch")}
            />
          </div>
        </Section>

        <Section id="markets" description={t("admin.markets.description", { base: settings.currency })}>
          <MarketsEditor settings={settings} choices={choices} />
        </Section>

        <Section
          id="taxes"
          description={t("admin.taxes.summary", { included: String(settings.taxes.pricesIncludeTax), regions: settings.taxes.regions.length })}
        >
          {/* The taxes have a screen of their own (their regions' table needs the width); this form leaves them as they are. */}
          <Link to="/admin-dashboard/settings/taxes" className={buttonClass("secondary", "sm")} data-testid="taxes-link">
            {t("admin.taxes.open")}
          </Link>
        </Section>

        <Section id="shipping">
          <ZonesEditor zones={settings.shippingZones} currency={settings.currency} choices={choices} />
          <FormMoney
            name="freeShippingThreshold"
            label={t("admin.settings.freeShippingFrom")}
            currency={settings.currency}
            defaultValue={settings.freeShippingThreshold}
            hint={t("admin.settings.ordersOfThisMuch")}
          />
        </Section>

        <Section id="payments">
          <FormCheckbox
            name="cashOnDelivery"
            label={t("admin.settings.offerCashOnDelivery")}
            defaultChecked={settings.cashOnDelivery}
            hint={t("admin.settings.offTheCheckoutTakes")}
          />
          <div className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm" data-testid="card-payments-status">
            <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
              {t("admin.settings.cardPayments")}
              {facts.cardPayments ? (
                <StatusBadge tone="success">{t("admin.settings.setUp")}</StatusBadge>
              ) : (
                <StatusBadge tone="neutral">{t("admin.settings.notSetUp")}</StatusBadge>
              )}
            </p>
            <p className="mt-1 text-stone-700">
              {facts.cardPayments
                ? facts.cardWebhook
                  ? t("admin.settings.stripeReady")
                  : t("admin.settings.stripeNoWebhook")
                : t("admin.settings.stripeMissing")}
            </p>
          </div>
        </Section>

        <Section id="orders">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormText
              name="orderNumberPrefix"
              label={t("admin.settings.orderNumberPrefix")}
              maxLength={6}
              defaultValue={settings.orderNumberPrefix}
              hint={t("admin.settings.upTo6Letters")}
            />
            <FormNumber
              name="returnWindowDays"
              label={t("admin.settings.returnWindowDays")}
              min={0}
              max={365}
              step={1}
              defaultValue={settings.returnWindowDays}
              hint={t("admin.settings.daysAfterDeliveryA")}
            />
            <FormNumber
              name="unpaidCardReleaseMinutes"
              label={t("admin.settings.releaseUnpaidCardOrders")}
              min={5}
              max={10080}
              step={1}
              defaultValue={settings.unpaidCardReleaseMinutes}
              hint={t("admin.settings.theirStockGoesBack")}
            />
            <FormNumber
              name="maxQuantityPerOrder"
              label={t("admin.settings.mostUnitsOfA")}
              min={1}
              max={999}
              step={1}
              defaultValue={settings.maxQuantityPerOrder}
            />
            <FormNumber
              name="maxOpenOrdersPerContact"
              label={t("admin.settings.openOrdersPerCustomer")}
              min={1}
              max={1000}
              step={1}
              defaultValue={settings.maxOpenOrdersPerContact}
              hint={t("admin.settings.ordersOneEMail")}
            />
          </div>
          <CouriersEditor couriers={settings.couriers} />
        </Section>

        <Section id="catalogue">
          <FormNumber
            name="lowStockThreshold"
            label={t("admin.settings.lowStockAtUnits")}
            min={0}
            max={10000}
            step={1}
            defaultValue={settings.lowStockThreshold}
            hint={t("admin.settings.aProductWithThis")}
          />
        </Section>

        <Section id="alerts" description={t("admin.settings.alerts.description")}>
          <FormNumber
            name="alerts.priceDropPercent"
            label={t("admin.settings.alerts.priceDropPercent")}
            min={1}
            max={90}
            step={1}
            defaultValue={settings.alerts.priceDropPercent}
            hint={t("admin.settings.alerts.priceDropHint")}
          />
        </Section>

        <Section id="reviews" description={t("admin.settings.reviewsText")}>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormSelect
              name="reviews.moderation"
              label={t("admin.settings.reviewModeration")}
              options={[
                { value: "publish", label: t("admin.settings.moderation.publish") },
                { value: "hold", label: t("admin.settings.moderation.hold") },
              ]}
              defaultValue={settings.reviews.moderation}
              hint={t("admin.settings.moderationHint")}
            />
            <FormNumber
              name="reviews.requestAfterDays"
              label={t("admin.settings.requestAfterDays")}
              min={0}
              max={365}
              step={1}
              defaultValue={settings.reviews.requestAfterDays}
              hint={t("admin.settings.requestAfterDaysHint")}
            />
          </div>
          <FormTextarea
            name="reviews.blocklist"
            label={t("admin.settings.blocklist")}
            rows={4}
            defaultValue={settings.reviews.blocklist.join("\n")}
            hint={t("admin.settings.blocklistHint")}
          />
        </Section>

        <Section id="analytics">
          <FormNumber
            name="analyticsRetentionDays"
            label={t("admin.settings.keepRawVisitsFor")}
            min={1}
            max={730}
            step={1}
            defaultValue={settings.analyticsRetentionDays}
            hint={t("admin.settings.olderVisitsAreKept")}
          />
        </Section>

        <Section id="cart-reminders">
          <CartReminderFields rules={settings.cartReminders} />
        </Section>

        <Section id="announcement">
          <FormText
            name="announcement"
            label={t("admin.settings.announcementBar")}
            maxLength={200}
            defaultValue={settings.announcement}
            hint={t("admin.settings.aLineAtThe")}
          />
        </Section>

        <Section id="live-chat">
          <LiveChatFields chat={settings.liveChat} />
        </Section>

        <SettingsTranslations settings={settings} />
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <FormSubmit busyLabel={t("admin.form.saving")}>{t("admin.settings.save")}</FormSubmit>
      </div>
    </AdminForm>
  );
}

/** Cart reminders: on or off, the delay before the first, and whether a second follows a day later. */
function CartReminderFields({ rules }: { rules: SiteSettings["cartReminders"] }) {
  const t = useT();
  return (
    <>
      <FormCheckbox
        name="cartReminders.enabled"
        label={t("admin.settings.cartReminders.enabled")}
        defaultChecked={rules.enabled}
        hint={t("admin.settings.cartReminders.enabledHint")}
      />
      <FormNumber
        name="cartReminders.delayMinutes"
        label={t("admin.settings.cartReminders.delay")}
        min={1}
        max={10079}
        step={1}
        defaultValue={rules.delayMinutes}
        hint={t("admin.settings.cartReminders.delayHint")}
      />
      <FormCheckbox
        name="cartReminders.second"
        label={t("admin.settings.cartReminders.second")}
        defaultChecked={rules.second}
        hint={t("admin.settings.cartReminders.secondHint")}
      />
    </>
  );
}

/** The texts shoppers read (name, tagline, description, announcement) in the other languages. */
function SettingsTranslations({ settings }: { settings: SiteSettings }) {
  const t = useT();
  return (
    <section id="translations" aria-labelledby="translations-title" className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="translations-title" className="text-lg font-semibold text-stone-900">
        {t("admin.translations.title")}
      </h2>
      <div className="mt-4">
        <TranslationTabs
          idPrefix="settings-translations"
          fields={[
            { key: "siteName", maxLength: 80 },
            { key: "tagline", maxLength: 160 },
            { key: "description", multiline: true, maxLength: 500 },
            { key: "announcement", maxLength: 200 },
          ]}
          initial={settings.translations}
        />
      </div>
    </section>
  );
}
