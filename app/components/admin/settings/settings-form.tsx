import { useState } from "react";
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
import { useT } from "~/lib/i18n";

/** The lists the form suggests from (the server's, so the page and its hydration agree). */
export interface SettingsChoices {
  countries: Array<{ code: string; name: string }>;
  currencies: string[];
  timeZones: string[];
  locales: string[];
}

/** The sections, in order: the page's table of contents and the form's cards. */
export const SETTINGS_SECTIONS = [
  ["store", "Store"],
  ["contact", "Contact"],
  ["regional", "Regional"],
  ["shipping", "Shipping"],
  ["payments", "Payments"],
  ["orders", "Orders"],
  ["catalogue", "Catalogue"],
  ["analytics", "Analytics"],
  ["announcement", "Announcement"],
  ["live-chat", "Live chat"],
] as const;
type SectionId = (typeof SETTINGS_SECTIONS)[number][0];
const TITLE = Object.fromEntries(SETTINGS_SECTIONS) as Record<SectionId, string>;

function Section({ id, description, children }: { id: SectionId; description?: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {TITLE[id]}
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

/** One row of a list editor: `key` keeps React's rows apart when one is removed. */
type Row<T> = T & { key: string };
let rowCounter = 0;
const keyed = <T,>(items: T[]): Row<T>[] => items.map((item) => ({ ...item, key: `r${(rowCounter += 1)}` }));

/**
 * A list of rows (zones, couriers) posted as `<group>.<i>.<field>`. With JavaScript, Add and Remove
 * change the rows on the page; without it, the page offers one empty row to fill in and a
 * "Remove" box per row (the action skips blank and ticked rows).
 */
function useRows<T>(initial: T[]) {
  const [rows, setRows] = useState<Row<T>[]>(() => keyed(initial));
  return { rows, add: (item: T) => setRows((r) => [...r, ...keyed([item])]), remove: (key: string) => setRows((r) => r.filter((x) => x.key !== key)) };
}

function RemoveRow({ group, index, label, onRemove }: { group: string; index: number; label: string; onRemove: () => void }) {
  const hydrated = useHydrated();
  if (!hydrated) return <FormCheckbox name={`${group}.${index}.remove`} label={`Remove ${label}`} />;
  return (
    <button
      type="button"
      className={buttonClass("ghost", "sm")}
      onClick={(e) => {
        // The form hears the removal as a change (the unsaved-changes warning): React reports a
        // dispatched change event for a select (the shop's country is always there).
        e.currentTarget.form?.querySelector("select")?.dispatchEvent(new Event("change", { bubbles: true }));
        onRemove();
      }}
    >
      Remove <span className="sr-only">{label}</span>
    </button>
  );
}

type Zone = SiteSettings["shippingZones"][number];

function ZonesEditor({ zones, currency, choices }: { zones: Zone[]; currency: string; choices: SettingsChoices }) {
  const hydrated = useHydrated();
  const { rows, add, remove } = useRows<Partial<Zone>>(zones);
  const shown = hydrated ? rows : [...rows, { key: "blank" } as Row<Partial<Zone>>];
  const countryOptions = choices.countries.map((c) => ({ value: c.code, label: c.name }));
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-900">Shipping zones</legend>
      <p className="mt-1 text-xs text-stone-600">
        Each zone has a flat rate and the addresses it covers: a country, and if you wish some of its regions (codes such as OR, WA) and cities. The checkout
        offers the zones that cover the delivery address.
      </p>
      <ol className="mt-3 space-y-4" data-testid="zones-editor">
        {shown.map((zone, i) => {
          const label = zone.name ? `zone ${zone.name}` : `zone ${i + 1}`;
          return (
            <li key={zone.key} className="rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4" data-testid="zone-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold text-stone-900">{zone.key === "blank" ? "A new zone (optional)" : `Zone ${i + 1}`}</p>
                {zone.key !== "blank" && <RemoveRow group="shippingZones" index={i} label={label} onRemove={() => remove(zone.key)} />}
              </div>
              <input type="hidden" name={`shippingZones.${i}.id`} value={zone.id ?? ""} />
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <FormText
                  name={`shippingZones.${i}.name`}
                  label="Name"
                  maxLength={60}
                  defaultValue={zone.name ?? ""}
                  hint="What the checkout calls it: “Standard (3–5 days)”."
                />
                <FormMoney
                  name={`shippingZones.${i}.rate`}
                  label="Rate"
                  currency={currency}
                  defaultValue={zone.rate}
                  hint="Added to each product's own shipping cost."
                />
                <FormSelect
                  name={`shippingZones.${i}.country`}
                  label="Country"
                  options={countryOptions}
                  defaultValue={zone.country ?? choices.countries[0]?.code}
                />
                <FormText
                  name={`shippingZones.${i}.regions`}
                  label="Regions (optional)"
                  defaultValue={(zone.regions ?? []).join(", ")}
                  hint="Codes or names, separated by commas. Empty: the whole country."
                />
                <FormTextarea
                  name={`shippingZones.${i}.cities`}
                  label="Cities (optional)"
                  rows={2}
                  defaultValue={(zone.cities ?? []).join(", ")}
                  className="sm:col-span-2"
                  hint="Separated by commas or lines. Empty: every city of its regions."
                />
              </div>
            </li>
          );
        })}
      </ol>
      {hydrated && (
        <button type="button" className={`${buttonClass("secondary", "sm")} mt-3`} onClick={() => add({ name: "", regions: [], cities: [] })}>
          Add a zone
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
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-900">Couriers</legend>
      <p className="mt-1 text-xs text-stone-600">
        The couriers an order is shipped with. The tracking address holds {"{tracking}"} where the tracking number goes.
      </p>
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
                label={courier.key === "blank" ? "New courier (optional)" : "Name"}
                maxLength={60}
                defaultValue={courier.name ?? ""}
              />
              <FormText
                name={`couriers.${i}.trackingUrl`}
                label="Tracking address"
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
          Add a courier
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
  return (
    <>
      <SelectField
        name="liveChat.provider"
        id={provider.id}
        label="Chat provider"
        defaultValue={provider.defaultValue}
        error={provider.error}
        options={LIVE_CHAT_PROVIDERS.map((p) => ({ value: p, label: LIVE_CHAT_LABELS[p].name }))}
        hint="The widget loads on every page of the shop; the page's security policy lets in the provider's addresses only while one is chosen."
        // The id's label and hint follow the provider.
        onChange={(e) => setChosen(e.currentTarget.value as LiveChatProvider)}
      />
      {(!hydrated || chosen !== "none") && (
        <FormText
          name="liveChat.id"
          label={hydrated ? about.idLabel : "Widget id (or script address)"}
          maxLength={300}
          defaultValue={chat.id}
          hint={
            hydrated
              ? about.idHint
              : "The provider's id: Tawk.to's property/widget id, Crisp's website id, Tidio's public key, or another provider's https:// script address. Empty with None."
          }
        />
      )}
    </>
  );
}

/**
 * The site settings' form, one section per area (store, contact, regional, shipping, payments,
 * orders, catalogue, analytics, announcement, live chat), saved at once by one plain POST (it
 * works before JavaScript loads). The server's refusal shows beside each field and in a summary at
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
  return (
    <AdminForm method="post" idPrefix="settings" warnUnsaved className="max-w-3xl" data-testid="settings-form">
      <FormErrorSummary title="The settings could not be saved" />
      <input type="hidden" name="version" value={version} />
      <div className="space-y-6">
        <Section id="store" description="How the shop introduces itself: the name is in every page's title.">
          <FormText name="siteName" label="Shop name" required maxLength={80} defaultValue={settings.siteName} />
          <FormText name="tagline" label="Tagline" maxLength={160} defaultValue={settings.tagline} hint="A line under the name on the home page." />
          <FormTextarea
            name="description"
            label="Description"
            rows={3}
            maxLength={500}
            defaultValue={settings.description}
            hint="For search engines and the footer."
          />
          <ImagePicker
            name="logo"
            label="Logo"
            kind="logo"
            defaultValue={settings.logo}
            hint="Shown in the header beside the name, 32 pixels high. A wide picture fits best (up to 4:1); JPEG, PNG, WebP or AVIF."
          />
          <ImagePicker
            name="favicon"
            label="Favicon"
            kind="favicon"
            defaultValue={settings.favicon}
            hint="The browser tab's icon: a square picture, 512 × 512 pixels or more. None: the shop's default icon."
          />
        </Section>

        <Section id="contact" description="Shown in the footer, on the contact page and in the mails.">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormText
              name="contactEmail"
              label="Contact e-mail"
              type="email"
              maxLength={200}
              defaultValue={settings.contactEmail}
              hint="New contact messages, new orders and low-stock alerts are mailed here."
            />
            <FormText name="contactPhone" label="Phone" type="tel" maxLength={40} defaultValue={settings.contactPhone} />
          </div>
          <FormCheckbox
            name="notifyNewOrders"
            label="Mail me about new orders"
            defaultChecked={settings.notifyNewOrders}
            hint="Each new order is mailed to the contact e-mail within seconds, with its number (a card order once it is paid)."
          />
          <FormTextarea name="address" label="Address" rows={2} maxLength={300} defaultValue={settings.address} />
          <fieldset>
            <legend className="text-sm font-medium text-stone-900">Social links</legend>
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

        <Section id="regional" description="Prices show in the currency and locale; the reports cut days at the time zone's midnight.">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormSelect
              name="country"
              label="Shop's country"
              options={choices.countries.map((c) => ({ value: c.code, label: c.name }))}
              defaultValue={settings.country}
              hint="First in the checkout's country list."
            />
            <SuggestField
              name="currency"
              label="Currency"
              defaultValue={settings.currency}
              options={choices.currencies}
              required
              hint="An ISO code such as USD or EUR. Prices are not converted."
            />
            <SuggestField
              name="locale"
              label="Locale"
              defaultValue={settings.locale}
              options={choices.locales}
              required
              hint="How numbers and dates are written, such as en-US or de-DE."
            />
            <SuggestField
              name="timeZone"
              label="Time zone"
              defaultValue={settings.timeZone}
              options={choices.timeZones}
              required
              hint="Type to search, such as Europe/Berlin."
            />
          </div>
        </Section>

        <Section id="shipping">
          <ZonesEditor zones={settings.shippingZones} currency={settings.currency} choices={choices} />
          <FormMoney
            name="freeShippingThreshold"
            label="Free shipping from"
            currency={settings.currency}
            defaultValue={settings.freeShippingThreshold}
            hint="Orders of this much or more ship free. 0: never free."
          />
        </Section>

        <Section id="payments">
          <FormCheckbox
            name="cashOnDelivery"
            label="Offer cash on delivery"
            defaultChecked={settings.cashOnDelivery}
            hint="Off: the checkout takes cards only (card payments must be set up)."
          />
          <div className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm" data-testid="card-payments-status">
            <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
              Card payments (Stripe):
              {facts.cardPayments ? <StatusBadge tone="success">Set up</StatusBadge> : <StatusBadge tone="neutral">Not set up</StatusBadge>}
            </p>
            <p className="mt-1 text-stone-700">
              {facts.cardPayments
                ? facts.cardWebhook
                  ? "The Stripe keys and the webhook secret are in the server's environment."
                  : "The Stripe keys are in the server's environment, but STRIPE_WEBHOOK_SECRET is not: paid orders are not marked paid until it is."
                : "Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY in the server's environment to take cards. The keys never show here."}
            </p>
          </div>
        </Section>

        <Section id="orders">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormText
              name="orderNumberPrefix"
              label="Order number prefix"
              maxLength={6}
              defaultValue={settings.orderNumberPrefix}
              hint="Up to 6 letters and digits; new orders' numbers start with it (MM-7K3QX9A). Empty: the shop name's initials."
            />
            <FormNumber
              name="returnWindowDays"
              label="Return window (days)"
              min={0}
              max={365}
              step={1}
              defaultValue={settings.returnWindowDays}
              hint="Days after delivery a customer may ask to return items. 0: no returns."
            />
            <FormNumber
              name="unpaidCardReleaseMinutes"
              label="Release unpaid card orders after (minutes)"
              min={5}
              max={10080}
              step={1}
              defaultValue={settings.unpaidCardReleaseMinutes}
              hint="Their stock goes back on sale."
            />
            <FormNumber
              name="maxQuantityPerOrder"
              label="Most units of a product per order"
              min={1}
              max={999}
              step={1}
              defaultValue={settings.maxQuantityPerOrder}
            />
            <FormNumber
              name="maxOpenOrdersPerContact"
              label="Open orders per customer"
              min={1}
              max={1000}
              step={1}
              defaultValue={settings.maxOpenOrdersPerContact}
              hint="Orders one e-mail or phone may have waiting at once."
            />
          </div>
          <CouriersEditor couriers={settings.couriers} />
        </Section>

        <Section id="catalogue">
          <FormNumber
            name="lowStockThreshold"
            label="Low stock at (units)"
            min={0}
            max={10000}
            step={1}
            defaultValue={settings.lowStockThreshold}
            hint="A product with this many or fewer left is “low” in the lists and says “Only n left” on its page. When orders bring products this low, the contact e-mail gets a list of them, once a day at most."
          />
        </Section>

        <Section id="analytics">
          <FormNumber
            name="analyticsRetentionDays"
            label="Keep raw visits for (days)"
            min={1}
            max={730}
            step={1}
            defaultValue={settings.analyticsRetentionDays}
            hint="Older visits are kept only as daily figures."
          />
        </Section>

        <Section id="announcement">
          <FormText
            name="announcement"
            label="Announcement bar"
            maxLength={200}
            defaultValue={settings.announcement}
            hint="A line at the top of every page of the shop, such as “Free shipping on orders of $75.00 or more”. Empty: no bar."
          />
        </Section>

        <Section id="live-chat">
          <LiveChatFields chat={settings.liveChat} />
        </Section>

        <SettingsTranslations settings={settings} />
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <FormSubmit busyLabel="Saving…">Save settings</FormSubmit>
      </div>
    </AdminForm>
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
