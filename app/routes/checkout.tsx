import { useEffect, useRef, useState } from "react";
import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { ChoiceGroup } from "~/components/checkout/choice-group";
import { CHECKOUT_CODE_FORMS, CHECKOUT_GIFT_CARD_FORMS, CheckoutSummary } from "~/components/checkout/checkout-summary";
import { DiscountCodeForms } from "~/components/cart/discount-codes";
import { GiftCardForms } from "~/components/cart/gift-cards";
import { GiftCardRefused, giftCardRefusalText } from "#common/giftcards/gift-card-refusal";
import { type CheckoutFieldErrors, type CheckoutValues, NEW_ADDRESS } from "~/components/checkout/checkout-fields";
import { checkCheckoutForm, formFieldErrors, pickedAddress, readCheckoutForm, shippingAddressOf } from "~/components/checkout/checkout-form.server";
import { AddressFields } from "~/components/checkout/address-fields";
import { FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { TextField } from "~/components/form/fields";
import { ReminderConsentBox } from "~/components/reminders/reminder-consent";
import { useShop } from "~/lib/shop";
import { emitShopEvent } from "~/lib/shop-events";
import { AddressLines, useOrderMoney } from "~/components/orders/order-view";
import { formText } from "~/lib/auth-form.server";
import { getUser } from "~/lib/auth.server";
import { seoMeta } from "~/lib/seo";
import { getShopper, withShopperCookies } from "~/lib/shopper.server";
import { AppError } from "#common/errors";
import type { Shopper } from "../../server/lib/shopper";
import { countryCode, countryName, regionCode } from "#common/geo";
import { isEuCountry, normalizeVatNumber, vatNumberCountry } from "#common/tax/vat-number";
import type { ShippingAddress } from "#common/cart/shipping";
import { offeredZones } from "#common/cart/shipping-zones";
import { shippingAddressSchema } from "#common/orders/orders.schema";
import { countryNamesIn } from "#common/cart/country-names";
import type { CheckoutQuote, SavedAddress } from "#modules/orders";
import { type PaymentMethod, offeredPaymentMethods } from "#common/payments/payment-methods";
import type { MessageKey } from "#common/i18n/catalogs";
import { LOCALES, localeOf, pathWithoutLanguage } from "#common/i18n/languages";
import { PAYMENT_METHOD_KEY } from "~/components/orders/order-status";
import { shopperMessage } from "~/lib/action-failure.server";
import { pageMarket } from "~/lib/market.server";
import { localizedPath, requestLanguage, requestT } from "~/lib/i18n.server";
import { RouteMessages, useLanguage, useLocalePath, useRichT, useT } from "~/lib/i18n";
import { routeMessages } from "#common/i18n/messages.server";
import type { CompiledCatalog } from "#common/i18n/translate";
import { reminderConsentSchema } from "#common/reminders/reminders.schema";
import type { Services } from "#server/wiring/services";
import type { Route } from "./+types/checkout";

type Problems = Array<{ lineId: string; name: string; message: string }>;
export type CheckoutResult = {
  ok: false;
  /** "update": a no-JavaScript shopper asked for the totals of another shipping method. */
  intent: "place" | "update";
  message: string | null;
  errors: CheckoutFieldErrors;
  /** Messages without a field of their own. */
  other: string[];
  problems: Problems;
  values: CheckoutValues;
  quote: PageQuote;
};

/** A quote with what it was made for (`quoteKey`), so the page can tell whether it fits the form as it is now. */
type PageQuote = CheckoutQuote & { quotedFor: string };

/**
 * What a quote depends on as the form has it: the shipping method, the country and region (the
 * tax's region) and a well-formed VAT number (reverse charge); the city only picks the method.
 */
function quoteKey(shippingMethod: string | null, address: ShippingAddress | undefined, vatNumber: string | null): string {
  // Names and codes alike ("Oregon", "OR"): a saved address may have either, the server reads codes.
  const country = address ? (countryCode(address.country) ?? address.country) : "";
  const region = address?.region ? (regionCode(country, address.region) ?? address.region) : "";
  return [shippingMethod ?? "", country, region.trim().toLowerCase(), vatNumber ?? ""].join("|");
}

/** A typed VAT number as the order would keep it, or null while it is not a well-formed one (it cannot change the tax then). */
function wellFormedVat(text: string | null | undefined): string | null {
  return text && vatNumberCountry(text) ? normalizeVatNumber(text) : null;
}

/** The order of the fields on the page (focus goes to the first invalid one). */
const FIELD_ORDER = [
  "name",
  "email",
  "phone",
  "addressId",
  "country",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "shippingMethod",
  "paymentMethod",
  "notes",
  "company",
  "vatNumber",
  "giftCardEmail",
  "giftCardName",
  "giftCardMessage",
] as const;

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The quote for a shipping method (the first the address is offered when it is not), a delivery
 * address (none: every zone) and a business buyer's VAT number, taxed for them, its lines' problems
 * in the language of the request's page.
 */
async function quoteFor(
  request: Request,
  services: Services,
  shopper: Shopper,
  shippingMethod: string | null,
  address: ShippingAddress | undefined,
  vatNumber: string | null,
): Promise<PageQuote> {
  const market = await pageMarket(request, services);
  const quote = await services.orders.quote(shopper, { shippingMethod, address, market, vatNumber });
  return { ...quote, problems: localProblems(request, quote.problems), quotedFor: quoteKey(quote.shippingMethod, address, vatNumber) };
}

/** Problems of cart lines ("Only 2 left of …") in the language of the request's page. */
function localProblems(request: Request, problems: Problems): Problems {
  return problems.map((p) => ({ ...p, message: shopperMessage(request, p.message) }));
}

/**
 * The countries of the address's select in the page's language, the shop's own first, then the
 * others by their name there; null in English, whose names the page has (common/geo.ts). Named
 * here, on the server, so that the browser renders the same names.
 */
function localCountries(request: Request, shopCountry: string): Array<{ code: string; name: string }> | null {
  const language = requestLanguage(request);
  const key = `${language}|${shopCountry}`;
  if (countryLists.has(key)) return countryLists.get(key)!;
  const names = countryNamesIn(language);
  let list: Array<{ code: string; name: string }> | null = null;
  if (names) {
    const collator = new Intl.Collator(LOCALES[language]);
    const all = Object.entries(names).map(([code, name]) => ({ code, name }));
    const first = all.find((c) => c.code === shopCountry);
    const rest = all.filter((c) => c !== first).sort((x, y) => collator.compare(x.name, y.name));
    list = first ? [first, ...rest] : rest;
  }
  countryLists.set(key, list);
  return list;
}

/** The lists made so far, by language and shop country (a handful: they never change while the process runs). */
const countryLists = new Map<string, Array<{ code: string; name: string }> | null>();

/**
 * The cart's quote (an empty cart goes back to /shopping-cart) for the default saved address or
 * the shop's country, the account's details and saved addresses, and this rendering's idempotency
 * key. The page asks again with `?shipping=<zone>&country=…&region=…&city=…&vat=…` (that zone's
 * totals, taxed for the address and VAT number) when the shopper changes them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const param = (name: string) => url.searchParams.get(name)?.slice(0, 100) || null;
  const user = getUser(context);
  const [{ shopper }, addresses, settings] = await Promise.all([
    getShopper(request, context),
    user ? context.services.orders.listAddresses(user.id) : Promise.resolve([]),
    context.services.content.getSettings(),
  ]);
  const shipping = param("shipping");
  // The address the page asks with, read as the shipping options read it (an unknown country: none).
  const asked = shippingAddressSchema.safeParse({ country: param("country"), region: param("region"), city: param("city") });
  const saved = addresses.find((a) => a.isDefault) ?? addresses[0];
  const address = asked.success
    ? asked.data
    : shipping
      ? undefined
      : saved
        ? { country: saved.country, region: saved.region, city: saved.city }
        : { country: settings.country, region: null };
  const quote = await quoteFor(request, context.services, shopper, shipping, address, wellFormedVat(param("vat")));
  if (quote.cart.lines.length === 0) throw redirect(localizedPath(request, "/shopping-cart"));
  // A fetch of another method's totals needs the quote alone.
  const full = !shipping;
  return {
    quote,
    addresses,
    account: user ? { name: user.name, email: user.email } : null,
    // One key per rendered form: a double click or a resubmitted form places one order.
    idempotencyKey: globalThis.crypto.randomUUID(),
    countries: full ? localCountries(request, settings.country) : null,
    // Whether this guest's browser agreed to cart reminders already (the box shows it ticked).
    reminderConsent: full && !user ? await context.services.reminders.hasConsent(shopper) : false,
    // The cart reminders' box is this page's alone: its words come with it, not with every page.
    messages: full && !user ? routeMessages(requestLanguage(request), ["reminders"]) : {},
    description: requestT(request)("cart.checkout.description"),
  };
}

/**
 * Places the order (or, without JavaScript, re-quotes the shipping methods for the address and the
 * method chosen) and sends the shopper on to confirm or pay. The form is parsed here, once; the
 * settings are read once and passed on to the place-order flow.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent") === "update" ? "update" : "place";
  const user = getUser(context);
  const shopperCtx = await getShopper(request, context);
  const values = readCheckoutForm(form);
  const addresses = user ? await context.services.orders.listAddresses(user.id) : ([] as SavedAddress[]);
  const address = pickedAddress(values, addresses);
  const settings = await context.services.content.getSettings();
  const t = requestT(request);
  await keepReminderConsent(form, request, context.services, shopperCtx);
  // The form comes back with a fresh quote for the address; an order placed re-prices the cart in its own transaction.
  const answer = async (status: number, fields: Partial<CheckoutResult> = {}, headers?: HeadersInit) => {
    const quote = await quoteFor(
      request,
      context.services,
      shopperCtx.shopper,
      values.shippingMethod || null,
      shippingAddressOf(values, address, settings.country),
      wellFormedVat(values.vatNumber),
    );
    return data<CheckoutResult>({ ok: false, intent, message: null, errors: {}, other: [], problems: [], values, quote, ...fields }, { status, headers });
  };

  if (intent === "update") return answer(200);

  const market = await pageMarket(request, context.services);
  const checked = checkCheckoutForm(values, address, offeredPaymentMethods(market, context.services.payments.cardPayments), request);
  if (!checked.ok) return answer(400, { message: t("cart.checkout.correctFields"), errors: checked.errors });

  try {
    // The order is placed in the page's language: its mails are written in it.
    const input = { ...checked.input, language: requestLanguage(request) };
    const result = await context.services.checkout.placeOrder(shopperCtx.shopper, input, {
      idempotencyKey: formText(form, "idempotencyKey") || null,
      clientIp: context.clientIp,
      settings,
      market,
    });
    if (!result.ok) {
      return answer(409, {
        message: t("cart.checkout.itemsUnavailable"),
        problems: localProblems(request, result.problems),
      });
    }
    const params = new URLSearchParams({ order: result.order.id, token: result.guestToken });
    // A card order its gift cards paid in full has nothing to pay by card: straight to its confirmation.
    const next =
      result.order.paymentMethod === "card" && result.order.paymentStatus !== "paid" ? `/checkout/payment?${params}` : `/order-confirmation?${params}`;
    return redirect(localizedPath(request, next), { headers: withShopperCookies(shopperCtx) });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const mapped = formFieldErrors(err.fields, checked.saved, request);
    // Over an order limit: the message says how long to wait, and Retry-After says it to machines.
    return answer(
      err.status,
      {
        // A gift card refused at the order (its balance moved meanwhile) in the page's language.
        message:
          err instanceof GiftCardRefused
            ? giftCardRefusalText(t, err.refusal, localeOf(requestLanguage(request), settings.locale))
            : shopperMessage(request, err.message),
        errors: mapped.errors,
        other: mapped.other,
      },
      err.retryAfter ? { "Retry-After": String(err.retryAfter) } : undefined,
    );
  }
}

/**
 * A guest's answer to the cart reminders' box, kept whatever becomes of the order (the page sends it
 * at once with JavaScript; without, with the form): ticked with a valid address, that address;
 * unticked, a consent given before is withdrawn. A signed-in customer is not asked here.
 */
async function keepReminderConsent(form: FormData, request: Request, services: Services, shopperCtx: Awaited<ReturnType<typeof getShopper>>) {
  if (shopperCtx.shopper.userId || formText(form, "cartRemindersOffered") !== "1") return;
  const consent = formText(form, "cartReminders") === "on";
  const parsed = reminderConsentSchema.safeParse({ email: formText(form, "email"), consent });
  if (!parsed.success) return;
  const market = await pageMarket(request, services);
  await services.reminders.rememberContact(shopperCtx.ensureOwner(), {
    ...parsed.data,
    language: requestLanguage(request),
    currency: market && !market.base ? market.currency : null,
  });
}

/** What each way to pay says under its name. */
const PAYMENT_DESCRIPTION: Record<PaymentMethod, MessageKey> = {
  cod: "cart.checkout.codDescription",
  card: "cart.checkout.cardDescription",
};

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, account, idempotencyKey, countries } = loaderData;
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const location = useLocation();
  const result = actionData as CheckoutResult | undefined;
  const values = result?.values;
  const errors = result?.intent === "place" ? result.errors : {};
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const placing =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    pathWithoutLanguage(navigation.formAction ?? "").startsWith("/checkout") &&
    navigation.formData?.get("intent") !== "update";
  const formRef = useFocusFirstInvalid(result?.intent === "place" ? result.errors : undefined, FIELD_ORDER);
  // A refusal with no field to point at (a limit, sold-out lines, the card provider down) is shown
  // above the form: bring it into view, or a phone user who pressed Place order at the bottom of
  // the page would see nothing happen.
  const alertsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result?.intent === "place" && Object.keys(result.errors).length === 0) alertsRef.current?.scrollIntoView({ block: "center" });
  }, [result]);

  const { settings, paymentMethods, currencies } = useShop();
  // The shop takes cash on delivery, but not in the currency this page shows.
  const codOff = settings.cashOnDelivery && !paymentMethods.includes("cod") && currencies?.shown !== currencies?.offered[0];
  const defaultAddressId = values?.addressId || (addresses.find((a) => a.isDefault) ?? addresses[0])?.id || NEW_ADDRESS;
  const [addressChoice, setAddressChoice] = useState(defaultAddressId);
  const newAddress = addresses.length === 0 || addressChoice === NEW_ADDRESS;
  const defaultPhone = (addresses.find((a) => a.isDefault) ?? addresses[0])?.phone ?? "";
  // The address as typed, as far as shipping cares: followed as the shopper types (with JavaScript).
  const [typed, setTyped] = useState<ShippingAddress>({
    country: values?.country || settings.country,
    region: values?.region || null,
    city: values?.city || null,
  });
  const address = (!newAddress && addresses.find((a) => a.id === addressChoice)) || typed;
  // A business buyer's VAT number as typed: a well-formed one of another EU country makes the order reverse charge.
  const [vatNumber, setVatNumber] = useState(wellFormedVat(values?.vatNumber));

  // The shipping methods offered are the zones that deliver to the address, the most specific
  // first; until the shopper picks one (or when the address leaves theirs out), the first is chosen.
  const baseQuote = result?.quote ?? loaderData.quote;
  const [picked, setPicked] = useState<string | null>(values?.shippingMethod || null);
  const { offered, zone } = offeredZones(baseQuote.shippingOptions, address, picked);
  const shippingMethod = zone?.id ?? null;
  const countryLabel = (code: string) => countries?.find((c) => c.code === code)?.name ?? countryName(code);
  const unavailable = offered.length === 0 ? t("cart.checkout.noZone", { country: countryLabel(address.country) }) : null;

  // The summary shows the server's totals and tax for that method and address: with JavaScript the
  // quote is fetched as the method, the country, the region or the VAT number changes; without it
  // the "Update" button asks the action.
  const shippingFetcher = useBackgroundFetcher<typeof loader>(t("cart.checkout.shippingFailed"));
  const fetched = shippingFetcher.data?.quote;
  const wanted = quoteKey(shippingMethod, address, vatNumber);
  const quote = [fetched, baseQuote].find((q) => q?.quotedFor === wanted) ?? baseQuote;
  useEffect(() => {
    if (!shippingMethod || quote.quotedFor === wanted) return;
    const query = new URLSearchParams({ shipping: shippingMethod, country: address.country });
    if (address.region) query.set("region", address.region);
    if (address.city) query.set("city", address.city);
    if (vatNumber) query.set("vat", vatNumber);
    shippingFetcher.load(localePath(`/checkout?${query}`));
    // A new load replaces one under way, so a quick change of mind ends on the last choice.
  }, [wanted, quote.quotedFor]);
  const money = useOrderMoney();
  const currency = quote.cart.totals.currency;

  function followAddress(event: React.FormEvent<HTMLFormElement>) {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    const value = field.value.trim() || null;
    if (field.name === "country") setTyped((a) => ({ ...a, country: field.value, region: null }));
    else if (field.name === "region") setTyped((a) => ({ ...a, region: value }));
    else if (field.name === "city") setTyped((a) => ({ ...a, city: value }));
    else if (field.name === "vatNumber") setVatNumber(wellFormedVat(value));
  }

  const problems = result?.problems.length ? result.problems : quote.problems;

  // A guest's answer to the reminders' box is kept as soon as it is given (and when the address
  // changes while it is ticked), so it holds for a shopper who leaves without ordering.
  const { language } = useLanguage();
  const sentConsent = useRef("");
  function sendReminderConsent(form: HTMLFormElement | null) {
    if (!form || account) return;
    const email = (form.elements.namedItem("email") as HTMLInputElement | null)?.value.trim() ?? "";
    const consent = (form.elements.namedItem("cartReminders") as HTMLInputElement | null)?.checked ?? false;
    const key = `${email}|${consent}`;
    if (!email.includes("@") || key === sentConsent.current) return;
    sentConsent.current = key;
    void fetch(`/api/cart/reminder?lang=${language}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, consent }),
      credentials: "same-origin",
    }).catch(() => {
      sentConsent.current = "";
    });
  }

  // Checkout started: once per visit of the page (the loader sends an empty cart back to the cart).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { totals, lines } = loaderData.quote.cart;
    emitShopEvent({ type: "checkout_started", value: totals.total, currency: totals.currency, items: lines.reduce((n, l) => n + l.quantity, 0) });
  }, []);

  return (
    <div className="container-page py-8 sm:py-12">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("cart.checkout.secure")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t("cart.checkout.title")}</h1>
        {!account && (
          <p className="mt-3 text-base text-stone-600">
            {richT("cart.checkout.guest", {
              signIn: (
                <Link
                  to={localePath(`/login?redirectTo=${encodeURIComponent(localePath("/checkout"))}`)}
                  className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700"
                >
                  {t("cart.checkout.signIn")}
                </Link>
              ),
            })}
          </p>
        )}
      </header>

      <div ref={alertsRef}>
        {problems.length > 0 && (
          <div role="alert" className="mt-6 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900" data-testid="checkout-problems">
            <p className="font-semibold">{t("cart.checkout.problems")}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {problems.map((p) => (
                <li key={p.lineId}>
                  <span className="font-medium">{p.name}</span>: {p.message}
                </li>
              ))}
            </ul>
            <Link to={localePath("/shopping-cart")} className="mt-3 inline-flex font-semibold underline underline-offset-4">
              {t("cart.checkout.reviewCart")}
            </Link>
          </div>
        )}
        {result?.intent === "place" && result.message && result.problems.length === 0 && (
          <FormAlert kind="error" className="mt-6" testId="checkout-error">
            {result.message}
            {result.other.length > 0 && (
              <ul className="mt-2 list-disc pl-5 font-normal">
                {result.other.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </FormAlert>
        )}
      </div>

      <Form
        ref={formRef}
        method="post"
        noValidate
        aria-label={t("cart.checkout.title")}
        onChange={(event) => {
          followAddress(event);
          const target: EventTarget = event.target;
          if ((target as HTMLInputElement).name === "cartReminders") sendReminderConsent(event.currentTarget);
        }}
        onBlur={(event) => {
          const target: EventTarget = event.target;
          const field = target as HTMLInputElement;
          if (field.name === "email" && (field.form?.elements.namedItem("cartReminders") as HTMLInputElement | null)?.checked) sendReminderConsent(field.form);
        }}
        className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10"
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="grid gap-6">
          <Section title={t("cart.checkout.contact")} id="contact-title">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="name"
                label={t("cart.checkout.name")}
                required
                autoComplete="name"
                maxLength={100}
                defaultValue={values?.name ?? account?.name ?? ""}
                error={errors.name}
                className="sm:col-span-2"
              />
              <TextField
                name="email"
                label={t("cart.checkout.email")}
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                maxLength={200}
                defaultValue={values?.email ?? account?.email ?? ""}
                error={errors.email}
                hint={t("cart.checkout.emailHint")}
              />
              <TextField
                name="phone"
                label={t("cart.checkout.phone")}
                type="tel"
                required
                autoComplete="tel"
                inputMode="tel"
                maxLength={40}
                defaultValue={values?.phone ?? defaultPhone}
                error={errors.phone}
                hint={t("cart.checkout.phoneHint")}
              />
              {!account && (
                <RouteMessages messages={loaderData.messages as CompiledCatalog}>
                  <ReminderConsentBox defaultChecked={loaderData.reminderConsent} className="sm:col-span-2" />
                </RouteMessages>
              )}
            </div>
          </Section>

          {quote.cart.lines.some((l) => l.giftCard) && (
            <Section title={t("cart.checkout.giftCardTitle")} id="gift-card-title">
              <p className="mb-4 text-sm text-stone-600">{t("cart.checkout.giftCardIntro")}</p>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  name="giftCardEmail"
                  label={t("cart.checkout.giftCardEmail")}
                  type="email"
                  required
                  autoComplete="off"
                  inputMode="email"
                  maxLength={200}
                  defaultValue={values?.giftCardEmail}
                  error={errors.giftCardEmail}
                />
                <TextField
                  name="giftCardName"
                  label={t("cart.checkout.giftCardName")}
                  autoComplete="off"
                  maxLength={100}
                  defaultValue={values?.giftCardName}
                  error={errors.giftCardName}
                />
                <TextField
                  name="giftCardMessage"
                  label={t("cart.checkout.giftCardMessage")}
                  multiline
                  maxLength={500}
                  defaultValue={values?.giftCardMessage}
                  error={errors.giftCardMessage}
                  hint={t("cart.checkout.giftCardMessageHint")}
                  className="sm:col-span-2"
                />
              </div>
            </Section>
          )}

          <Section title={t("cart.order.deliveryAddress")} id="address-title">
            {addresses.length > 0 && (
              <ChoiceGroup
                name="addressId"
                legend={t("cart.checkout.chooseAddress")}
                legendClassName="mb-3 text-sm font-medium text-stone-900"
                choices={[
                  ...addresses.map((a) => ({
                    value: a.id,
                    label: a.isDefault ? t("cart.checkout.defaultAddress", { name: a.name }) : a.name,
                    description: <AddressLines address={a} />,
                  })),
                  { value: NEW_ADDRESS, label: t("cart.checkout.newAddress") },
                ]}
                defaultValue={defaultAddressId}
                onChange={setAddressChoice}
                error={errors.addressId}
              />
            )}
            <div
              className={`grid gap-5 sm:grid-cols-2 ${addresses.length > 0 ? "mt-5" : ""} ${hydrated && !newAddress ? "hidden" : ""}`}
              data-testid="new-address-fields"
            >
              {addresses.length > 0 && !hydrated && <p className="text-sm text-stone-600 sm:col-span-2">{t("cart.checkout.newAddressHint")}</p>}
              <AddressFields
                country={typed.country}
                shopCountry={settings.country}
                countries={countries}
                values={values}
                errors={errors}
                required={newAddress}
              />
              {account && (
                <div className="flex items-center gap-3 sm:col-span-2">
                  <input
                    id="save-address"
                    name="saveAddress"
                    type="checkbox"
                    defaultChecked={values ? values.saveAddress : addresses.length === 0}
                    className="size-5 rounded border-stone-400 accent-stone-900"
                  />
                  <label htmlFor="save-address" className="text-sm text-stone-800">
                    {t("cart.checkout.saveAddress")}
                  </label>
                </div>
              )}
            </div>
          </Section>

          <Section title={t("cart.checkout.business")} id="business-title">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="company"
                label={t("cart.checkout.company")}
                autoComplete="organization"
                maxLength={100}
                defaultValue={values?.company}
                error={errors.company}
              />
              <TextField
                name="vatNumber"
                label={t("cart.checkout.vatNumber")}
                autoComplete="off"
                maxLength={40}
                defaultValue={values?.vatNumber}
                error={errors.vatNumber}
                // Only a shop in the EU charges no VAT to businesses of other member states.
                hint={isEuCountry(settings.country) ? t("cart.checkout.vatNumberHint") : undefined}
              />
            </div>
          </Section>

          <Section title={t("cart.order.shippingMethod")} id="shipping-title">
            {unavailable ? (
              <p
                className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-950"
                role="status"
                data-testid="shipping-unavailable"
              >
                {unavailable} {t("cart.checkout.chooseShippedCountry")}
              </p>
            ) : (
              <ChoiceGroup
                // A new set of methods starts on its first (or the one the shopper picked, when offered).
                key={offered.map((o) => o.id).join(" ")}
                name="shippingMethod"
                legend={t("cart.order.shippingMethod")}
                hint={offered.length === 1 ? undefined : t("cart.checkout.shippingHint")}
                choices={offered.map((o) => ({
                  value: o.id,
                  label: o.name,
                  aside:
                    o.free || o.cost === 0 ? (
                      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900 ring-1 ring-emerald-200">{t("cart.shipping.free")}</span>
                    ) : (
                      money(o.cost, currency)
                    ),
                }))}
                defaultValue={shippingMethod ?? undefined}
                onChange={setPicked}
                error={errors.shippingMethod}
              />
            )}
            {!hydrated && (
              <>
                <p className="mt-3 text-sm text-stone-600">{t("cart.checkout.updateHint")}</p>
                <button
                  type="submit"
                  name="intent"
                  value="update"
                  formNoValidate
                  className="mt-3 inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
                >
                  {t("cart.line.update")}
                  <span className="sr-only"> {t("cart.checkout.updateWhat")}</span>
                </button>
              </>
            )}
          </Section>

          <Section title={t("cart.order.payment")} id="payment-title">
            <ChoiceGroup
              name="paymentMethod"
              legend={t("cart.checkout.paymentMethod")}
              choices={paymentMethods.map((method) => ({ value: method, label: t(PAYMENT_METHOD_KEY[method]), description: t(PAYMENT_DESCRIPTION[method]) }))}
              defaultValue={values?.paymentMethod || paymentMethods[0]}
              error={errors.paymentMethod}
            />
            {codOff && (
              <p className="mt-3 text-sm text-stone-600" data-testid="cod-off">
                {t("market.currency.codOff", { currency: currencies.shown, base: currencies.offered[0] })}
              </p>
            )}
          </Section>

          <Section title={t("cart.checkout.notesTitle")} id="notes-title">
            <TextField
              name="notes"
              label={t("cart.checkout.notes")}
              multiline
              maxLength={1000}
              defaultValue={values?.notes}
              error={errors.notes}
              hint={t("cart.checkout.notesHint")}
            />
          </Section>
        </div>

        <CheckoutSummary quote={quote} busy={Boolean(shippingMethod && quote.quotedFor !== wanted)} unavailable={unavailable}>
          <SubmitButton name="intent" value="place" busy={Boolean(placing)} busyLabel={t("cart.checkout.placing")} className="mt-6">
            {t("cart.checkout.place")}
          </SubmitButton>
          {!unavailable && (
            <p className="mt-3 text-center text-xs text-stone-600">{t("cart.checkout.agree", { amount: money(quote.cart.totals.total, currency) })}</p>
          )}
        </CheckoutSummary>
      </Form>
      <DiscountCodeForms id={CHECKOUT_CODE_FORMS} returnTo={`${location.pathname}${location.search}`} />
      <GiftCardForms id={CHECKOUT_GIFT_CARD_FORMS} returnTo={`${location.pathname}${location.search}`} />
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
