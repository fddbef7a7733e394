import { useEffect, useRef, useState } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { ChoiceGroup } from "~/components/checkout/choice-group";
import { CheckoutSummary } from "~/components/checkout/checkout-summary";
import { type CheckoutFieldErrors, type CheckoutValues, NEW_ADDRESS } from "~/components/checkout/checkout-fields";
import { checkCheckoutForm, formFieldErrors, pickedAddress, readCheckoutForm, shippingAddressOf } from "~/components/checkout/checkout-form.server";
import { AddressFields } from "~/components/checkout/address-fields";
import { FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { TextField } from "~/components/form/fields";
import { useShop } from "~/lib/shop";
import { emitShopEvent } from "~/lib/shop-events";
import { AddressLines, useOrderMoney } from "~/components/orders/order-view";
import { formText } from "~/lib/auth-form.server";
import { getUser } from "~/lib/auth.server";
import { requestLanguage } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import { getShopper, withShopperCookies } from "~/lib/shopper.server";
import { AppError } from "#common/errors";
import type { Shopper } from "../../server/lib/shopper";
import { countryName } from "#common/geo";
import type { ShippingAddress } from "#common/cart/shipping";
import { noZoneMessage, offeredZones } from "#common/cart/shipping-zones";
import type { CheckoutQuote, SavedAddress } from "#modules/orders";
import { PAYMENT_METHOD_LABEL, offeredPaymentMethods } from "#common/payments/payment-methods";
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
  quote: CheckoutQuote;
};

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
] as const;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(matches, location, { description: "Check out: delivery, shipping and payment.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** The quote for a shipping method (the first the address is offered when it is not) and a delivery address (none: every zone). */
function quoteFor(services: Services, shopper: Shopper, shippingMethod: string | null, address: ShippingAddress | undefined): Promise<CheckoutQuote> {
  return services.orders.quote(shopper, { shippingMethod, address });
}

/**
 * The cart's quote (an empty cart goes back to /shopping-cart) for the default saved address or
 * the shop's country, the account's details and saved addresses, and this rendering's idempotency
 * key. The page asks again with `?shipping=<zone>` (that zone's totals) when the shopper changes it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = getUser(context);
  const [{ shopper }, addresses, settings] = await Promise.all([
    getShopper(request, context),
    user ? context.services.orders.listAddresses(user.id) : Promise.resolve([]),
    context.services.content.getSettings(),
  ]);
  const shipping = url.searchParams.get("shipping");
  const saved = addresses.find((a) => a.isDefault) ?? addresses[0];
  const address = shipping ? undefined : saved ? { country: saved.country, region: saved.region, city: saved.city } : { country: settings.country };
  const quote = await quoteFor(context.services, shopper, shipping, address);
  if (quote.cart.lines.length === 0) throw redirect("/shopping-cart");
  return {
    quote,
    addresses,
    account: user ? { name: user.name, email: user.email } : null,
    // One key per rendered form: a double click or a resubmitted form places one order.
    idempotencyKey: globalThis.crypto.randomUUID(),
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
  // The form comes back with a fresh quote for the address; an order placed re-prices the cart in its own transaction.
  const answer = async (status: number, fields: Partial<CheckoutResult> = {}, headers?: HeadersInit) => {
    const quote = await quoteFor(context.services, shopperCtx.shopper, values.shippingMethod || null, shippingAddressOf(values, address, settings.country));
    return data<CheckoutResult>({ ok: false, intent, message: null, errors: {}, other: [], problems: [], values, quote, ...fields }, { status, headers });
  };

  if (intent === "update") return answer(200);

  const checked = checkCheckoutForm(values, address, offeredPaymentMethods(settings, context.services.payments.cardPayments));
  if (!checked.ok) return answer(400, { message: "Please correct the highlighted fields.", errors: checked.errors });

  try {
    // The order is placed in the page's language: its mails are written in it.
    const input = { ...checked.input, language: requestLanguage(request) };
    const result = await context.services.checkout.placeOrder(shopperCtx.shopper, input, {
      idempotencyKey: formText(form, "idempotencyKey") || null,
      clientIp: context.clientIp,
      settings,
    });
    if (!result.ok) {
      return answer(409, {
        message: "Some items in your cart are no longer available in the quantity you chose. Please update your cart and try again.",
        problems: result.problems,
      });
    }
    const params = new URLSearchParams({ order: result.order.id, token: result.guestToken });
    const next = result.order.paymentMethod === "card" ? `/checkout/payment?${params}` : `/order-confirmation?${params}`;
    return redirect(next, { headers: withShopperCookies(shopperCtx) });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const mapped = formFieldErrors(err.fields, checked.saved);
    // Over an order limit: the message says how long to wait, and Retry-After says it to machines.
    return answer(
      err.status,
      { message: err.message, errors: mapped.errors, other: mapped.other },
      err.retryAfter ? { "Retry-After": String(err.retryAfter) } : undefined,
    );
  }
}

const PAYMENT_CHOICES = {
  cod: { value: "cod", label: PAYMENT_METHOD_LABEL.cod, description: "Pay the courier when your order arrives." },
  card: { value: "card", label: PAYMENT_METHOD_LABEL.card, description: "Pay securely by card on the next step." },
} as const;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, account, idempotencyKey } = loaderData;
  const result = actionData as CheckoutResult | undefined;
  const values = result?.values;
  const errors = result?.intent === "place" ? result.errors : {};
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const placing =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.startsWith("/checkout") &&
    navigation.formData?.get("intent") !== "update";
  const formRef = useFocusFirstInvalid(result?.intent === "place" ? result.errors : undefined, FIELD_ORDER);
  // A refusal with no field to point at (a limit, sold-out lines, the card provider down) is shown
  // above the form: bring it into view, or a phone user who pressed Place order at the bottom of
  // the page would see nothing happen.
  const alertsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result?.intent === "place" && Object.keys(result.errors).length === 0) alertsRef.current?.scrollIntoView({ block: "center" });
  }, [result]);

  const { settings, paymentMethods } = useShop();
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

  // The shipping methods offered are the zones that deliver to the address, the most specific
  // first; until the shopper picks one (or when the address leaves theirs out), the first is chosen.
  const baseQuote = result?.quote ?? loaderData.quote;
  const [picked, setPicked] = useState<string | null>(values?.shippingMethod || null);
  const { offered, zone } = offeredZones(baseQuote.shippingOptions, address, picked);
  const shippingMethod = zone?.id ?? null;
  const unavailable = offered.length === 0 ? noZoneMessage(countryName(address.country)) : null;

  // The summary shows the server's totals for that method: with JavaScript the quote is fetched as
  // the method changes; without it the "Update" button asks the action.
  const shippingFetcher = useBackgroundFetcher<typeof loader>("Failed to update the shipping cost");
  const fetched = shippingFetcher.data?.quote;
  const quote = [fetched, baseQuote].find((q) => q && q.shippingMethod === shippingMethod) ?? baseQuote;
  useEffect(() => {
    if (shippingMethod && quote.shippingMethod !== shippingMethod) shippingFetcher.load(`/checkout?shipping=${encodeURIComponent(shippingMethod)}`);
    // A new load replaces one under way, so a quick change of mind ends on the last method.
  }, [shippingMethod, quote.shippingMethod]);
  const money = useOrderMoney();
  const currency = quote.cart.totals.currency;

  function followAddress(event: React.FormEvent<HTMLFormElement>) {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    const value = field.value.trim() || null;
    if (field.name === "country") setTyped((a) => ({ ...a, country: field.value, region: null }));
    else if (field.name === "region") setTyped((a) => ({ ...a, region: value }));
    else if (field.name === "city") setTyped((a) => ({ ...a, city: value }));
  }

  const problems = result?.problems.length ? result.problems : quote.problems;

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
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Secure checkout</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Checkout</h1>
        {!account && (
          <p className="mt-3 text-base text-stone-600">
            Checking out as a guest.{" "}
            <Link to="/login?redirectTo=%2Fcheckout" className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
              Sign in
            </Link>{" "}
            to use your saved addresses and see the order in your account.
          </p>
        )}
      </header>

      <div ref={alertsRef}>
        {problems.length > 0 && (
          <div role="alert" className="mt-6 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900" data-testid="checkout-problems">
            <p className="font-semibold">Some items in your cart need your attention:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {problems.map((p) => (
                <li key={p.lineId}>
                  <span className="font-medium">{p.name}</span>: {p.message}
                </li>
              ))}
            </ul>
            <Link to="/shopping-cart" className="mt-3 inline-flex font-semibold underline underline-offset-4">
              Review your cart
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
        aria-label="Checkout"
        onChange={followAddress}
        className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10"
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="grid gap-6">
          <Section title="Contact" id="contact-title">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="name"
                label="Full name"
                required
                autoComplete="name"
                maxLength={100}
                defaultValue={values?.name ?? account?.name ?? ""}
                error={errors.name}
                className="sm:col-span-2"
              />
              <TextField
                name="email"
                label="E-mail"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                maxLength={200}
                defaultValue={values?.email ?? account?.email ?? ""}
                error={errors.email}
                hint="We send the order confirmation here."
              />
              <TextField
                name="phone"
                label="Phone"
                type="tel"
                required
                autoComplete="tel"
                inputMode="tel"
                maxLength={40}
                defaultValue={values?.phone ?? defaultPhone}
                error={errors.phone}
                hint="For the courier, if needed."
              />
            </div>
          </Section>

          <Section title="Delivery address" id="address-title">
            {addresses.length > 0 && (
              <ChoiceGroup
                name="addressId"
                legend="Choose a delivery address"
                legendClassName="mb-3 text-sm font-medium text-stone-900"
                choices={[
                  ...addresses.map((a) => ({
                    value: a.id,
                    label: a.isDefault ? `${a.name} (default)` : a.name,
                    description: <AddressLines address={a} />,
                  })),
                  { value: NEW_ADDRESS, label: "A new address" },
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
              {addresses.length > 0 && !hydrated && <p className="text-sm text-stone-600 sm:col-span-2">Used when you choose “A new address” above.</p>}
              <AddressFields country={typed.country} shopCountry={settings.country} values={values} errors={errors} required={newAddress} />
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
                    Save this address
                  </label>
                </div>
              )}
            </div>
          </Section>

          <Section title="Shipping method" id="shipping-title">
            {unavailable ? (
              <p
                className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-950"
                role="status"
                data-testid="shipping-unavailable"
              >
                {unavailable} Please choose a delivery address in a country we ship to.
              </p>
            ) : (
              <ChoiceGroup
                // A new set of methods starts on its first (or the one the shopper picked, when offered).
                key={offered.map((o) => o.id).join(" ")}
                name="shippingMethod"
                legend="Shipping method"
                hint={offered.length === 1 ? undefined : "Offered for your delivery address."}
                choices={offered.map((o) => ({
                  value: o.id,
                  label: o.name,
                  aside:
                    o.free || o.cost === 0 ? (
                      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900 ring-1 ring-emerald-200">Free</span>
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
                <p className="mt-3 text-sm text-stone-600">Changed the address? Update to see the shipping methods for it.</p>
                <button
                  type="submit"
                  name="intent"
                  value="update"
                  formNoValidate
                  className="mt-3 inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
                >
                  Update
                  <span className="sr-only"> the shipping methods and the order summary</span>
                </button>
              </>
            )}
          </Section>

          <Section title="Payment" id="payment-title">
            <ChoiceGroup
              name="paymentMethod"
              legend="Payment method"
              choices={paymentMethods.map((method) => PAYMENT_CHOICES[method])}
              defaultValue={values?.paymentMethod || paymentMethods[0]}
              error={errors.paymentMethod}
            />
          </Section>

          <Section title="Order notes" id="notes-title">
            <TextField
              name="notes"
              label="Notes for the shop or courier (optional)"
              multiline
              maxLength={1000}
              defaultValue={values?.notes}
              error={errors.notes}
              hint="For example, a door code or when you are at home."
            />
          </Section>
        </div>

        <CheckoutSummary quote={quote} busy={Boolean(shippingMethod && quote.shippingMethod !== shippingMethod)} unavailable={unavailable}>
          <SubmitButton name="intent" value="place" busy={Boolean(placing)} busyLabel="Placing order…" className="mt-6">
            Place order
          </SubmitButton>
          {!unavailable && (
            <p className="mt-3 text-center text-xs text-stone-600">By placing the order you agree to pay {money(quote.cart.totals.total, currency)}.</p>
          )}
        </CheckoutSummary>
      </Form>
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
