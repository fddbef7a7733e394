import { useEffect, useRef, useState } from "react";
import { Form, Link, data, redirect, useFetcher, useNavigation } from "react-router";
import { ChoiceGroup } from "~/components/checkout/choice-group";
import { CheckoutSummary } from "~/components/checkout/checkout-summary";
import { type CheckoutFieldErrors, type CheckoutValues, NEW_ADDRESS } from "~/components/checkout/checkout-fields";
import { checkoutFieldErrors, formFieldErrors, pickedAddress, readCheckoutForm, toPlaceOrderInput } from "~/components/checkout/checkout-form.server";
import { FormAlert, SubmitButton, useFocusFirstInvalid } from "~/components/auth/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { TextField } from "~/components/form/fields";
import { AddressLines, useOrderMoney } from "~/components/orders/order-view";
import { formText } from "~/lib/auth-form.server";
import { getUser } from "~/lib/auth.server";
import { seoMeta } from "~/lib/seo";
import { getShopper, withShopperCookies } from "~/lib/shopper.server";
import { AppError } from "../../server/lib/errors";
import type { Shopper } from "../../server/lib/shopper";
import type { CheckoutQuote, SavedAddress } from "../../server/modules/orders/orders.types";
import type { Services } from "../../server/services";
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
const FIELD_ORDER = ["name", "email", "phone", "addressId", "line1", "line2", "city", "region", "postalCode", "country", "shippingMethod", "paymentMethod", "notes"] as const;

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { description: "Check out: delivery, shipping and payment.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** The quote for a shipping method, falling back to the shop's default when the method is unknown. */
async function quoteFor(services: Services, shopper: Shopper, shippingMethod: string | null): Promise<CheckoutQuote> {
  if (!shippingMethod) return services.orders.quote(shopper);
  try {
    return await services.orders.quote(shopper, { shippingMethod });
  } catch (err) {
    if (err instanceof AppError && err.code === "invalid_input") return services.orders.quote(shopper);
    throw err;
  }
}

/** The cart's quote (an empty cart goes back to /shopping-cart), the account's details and saved addresses, and this rendering's idempotency key. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = getUser(context);
  const { shopper } = await getShopper(request, context);
  const [quote, addresses] = await Promise.all([
    quoteFor(context.services, shopper, url.searchParams.get("shipping")),
    user ? context.services.orders.listAddresses(user.id) : Promise.resolve([]),
  ]);
  if (quote.cart.lines.length === 0) throw redirect("/shopping-cart");
  return {
    quote,
    addresses,
    account: user ? { name: user.name, email: user.email } : null,
    // One key per rendered form: a double click or a resubmitted form places one order.
    idempotencyKey: globalThis.crypto.randomUUID(),
  };
}

/** Places the order (or, without JavaScript, re-quotes another shipping method) and sends the shopper on to confirm or pay. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent") === "update" ? "update" : "place";
  const user = getUser(context);
  const shopperCtx = await getShopper(request, context);
  const values = readCheckoutForm(form);
  const addresses = user ? await context.services.orders.listAddresses(user.id) : ([] as SavedAddress[]);
  // The form comes back with a fresh quote; an order placed re-prices the cart in its own transaction.
  const answer = async (status: number, fields: Partial<CheckoutResult> = {}, headers?: HeadersInit) => {
    const quote = await quoteFor(context.services, shopperCtx.shopper, values.shippingMethod || null);
    return data<CheckoutResult>({ ok: false, intent, message: null, errors: {}, other: [], problems: [], values, quote, ...fields }, { status, headers });
  };

  if (intent === "update") return answer(200);

  const address = pickedAddress(values, addresses);
  const errors = checkoutFieldErrors(values, address, { cardPayments: context.services.payments.cardPayments });
  if (Object.keys(errors).length > 0 || address === "missing") return answer(400, { message: "Please correct the highlighted fields.", errors });

  try {
    const result = await context.services.orders.placeOrder(shopperCtx.shopper, toPlaceOrderInput(values, address), {
      idempotencyKey: formText(form, "idempotencyKey") || null,
      clientIp: context.clientIp,
    });
    if (!result.ok) {
      return answer(409, { message: "Some items in your cart are no longer available in the quantity you chose. Please update your cart and try again.", problems: result.problems });
    }
    const params = new URLSearchParams({ order: result.order.id, token: result.guestToken });
    const next = result.order.paymentMethod === "card" ? `/checkout/payment?${params}` : `/order-confirmation?${params}`;
    return redirect(next, { headers: withShopperCookies(shopperCtx) });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const mapped = formFieldErrors(err.fields);
    // Over an order limit: the message says how long to wait, and Retry-After says it to machines.
    return answer(err.status, { message: err.message, errors: mapped.errors, other: mapped.other }, err.retryAfter ? { "Retry-After": String(err.retryAfter) } : undefined);
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, account, idempotencyKey } = loaderData;
  const result = actionData as CheckoutResult | undefined;
  const values = result?.values;
  const errors = result?.intent === "place" ? result.errors : {};
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/checkout") && navigation.formData?.get("intent") !== "update";
  const formRef = useFocusFirstInvalid(result?.intent === "place" ? result.errors : undefined, FIELD_ORDER);
  // A refusal with no field to point at (a limit, sold-out lines, the card provider down) is shown
  // above the form: bring it into view, or a phone user who pressed Place order at the bottom of
  // the page would see nothing happen.
  const alertsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result?.intent === "place" && Object.keys(result.errors).length === 0) alertsRef.current?.scrollIntoView({ block: "center" });
  }, [result]);

  // The summary follows the chosen shipping method: with JavaScript the quote is fetched as the
  // choice changes; without it the "Update" button asks the action.
  const shippingFetcher = useFetcher<typeof loader>();
  const baseQuote = result?.quote ?? loaderData.quote;
  const [shipping, setShipping] = useState(values?.shippingMethod || baseQuote.shippingMethod);
  useEffect(() => setShipping(baseQuote.shippingMethod), [baseQuote.shippingMethod]);
  const fetched = shippingFetcher.data?.quote;
  const quote = fetched && fetched.shippingMethod === shipping ? fetched : baseQuote;
  const money = useOrderMoney();
  const currency = quote.cart.totals.currency;

  function chooseShipping(id: string) {
    setShipping(id);
    if (id !== baseQuote.shippingMethod) shippingFetcher.load(`/checkout?shipping=${encodeURIComponent(id)}`);
  }

  const defaultAddressId = values?.addressId || (addresses.find((a) => a.isDefault) ?? addresses[0])?.id || NEW_ADDRESS;
  const [addressChoice, setAddressChoice] = useState(defaultAddressId);
  const newAddress = addresses.length === 0 || addressChoice === NEW_ADDRESS;
  const defaultPhone = (addresses.find((a) => a.isDefault) ?? addresses[0])?.phone ?? "";
  const problems = result?.problems.length ? result.problems : quote.problems;

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

      <Form ref={formRef} method="post" noValidate aria-label="Checkout" className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="grid gap-6">
          <Section title="Contact" id="contact-title">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField name="name" label="Full name" required autoComplete="name" maxLength={100} defaultValue={values?.name ?? account?.name ?? ""} error={errors.name} className="sm:col-span-2" />
              <TextField name="email" label="E-mail" type="email" required autoComplete="email" inputMode="email" maxLength={200} defaultValue={values?.email ?? account?.email ?? ""} error={errors.email} hint="We send the order confirmation here." />
              <TextField name="phone" label="Phone" type="tel" required autoComplete="tel" inputMode="tel" maxLength={40} defaultValue={values?.phone ?? defaultPhone} error={errors.phone} hint="For the courier, if needed." />
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
            <div className={`grid gap-5 sm:grid-cols-2 ${addresses.length > 0 ? "mt-5" : ""} ${hydrated && !newAddress ? "hidden" : ""}`} data-testid="new-address-fields">
              {addresses.length > 0 && !hydrated && <p className="text-sm text-stone-600 sm:col-span-2">Used when you choose “A new address” above.</p>}
              <TextField name="line1" label="Address" required={newAddress} autoComplete="address-line1" maxLength={200} defaultValue={values?.line1} error={errors.line1} className="sm:col-span-2" placeholder="Street and house number" />
              <TextField name="line2" label="Apartment/suite (optional)" autoComplete="address-line2" maxLength={200} defaultValue={values?.line2} error={errors.line2} className="sm:col-span-2" />
              <TextField name="city" label="City" required={newAddress} autoComplete="address-level2" maxLength={100} defaultValue={values?.city} error={errors.city} />
              <TextField name="region" label="Region/State (optional)" autoComplete="address-level1" maxLength={100} defaultValue={values?.region} error={errors.region} />
              <TextField name="postalCode" label="Postal code (optional)" autoComplete="postal-code" maxLength={20} defaultValue={values?.postalCode} error={errors.postalCode} />
              <TextField name="country" label="Country" required={newAddress} autoComplete="country-name" maxLength={60} defaultValue={values?.country} error={errors.country} />
              {account && (
                <div className="flex items-center gap-3 sm:col-span-2">
                  <input id="save-address" name="saveAddress" type="checkbox" defaultChecked={values ? values.saveAddress : addresses.length === 0} className="size-5 rounded border-stone-400 accent-stone-900" />
                  <label htmlFor="save-address" className="text-sm text-stone-800">
                    Save this address
                  </label>
                </div>
              )}
            </div>
          </Section>

          <Section title="Shipping method" id="shipping-title">
            <ChoiceGroup
              name="shippingMethod"
              legend="Shipping method"
              choices={quote.shippingOptions.map((o) => ({
                value: o.id,
                label: o.name,
                aside: o.free || o.cost === 0 ? <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900 ring-1 ring-emerald-200">Free</span> : money(o.cost, currency),
              }))}
              defaultValue={shipping}
              onChange={chooseShipping}
              error={errors.shippingMethod}
            />
            {!hydrated && (
              <button
                type="submit"
                name="intent"
                value="update"
                formNoValidate
                className="mt-3 inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
              >
                Update
                <span className="sr-only"> the order summary</span>
              </button>
            )}
          </Section>

          <Section title="Payment" id="payment-title">
            <ChoiceGroup
              name="paymentMethod"
              legend="Payment method"
              choices={[
                { value: "cod", label: "Cash on delivery", description: "Pay the courier when your order arrives." },
                ...(quote.cardPayments ? [{ value: "card", label: "Card", description: "Pay securely by card on the next step." }] : []),
              ]}
              defaultValue={values?.paymentMethod || "cod"}
              error={errors.paymentMethod}
            />
          </Section>

          <Section title="Order notes" id="notes-title">
            <TextField name="notes" label="Notes for the shop or courier (optional)" multiline maxLength={1000} defaultValue={values?.notes} error={errors.notes} hint="For example, a door code or when you are at home." />
          </Section>
        </div>

        <CheckoutSummary quote={quote} busy={shippingFetcher.state !== "idle"}>
          <SubmitButton name="intent" value="place" busy={Boolean(placing)} busyLabel="Placing order…" className="mt-6">
            Place order
          </SubmitButton>
          <p className="mt-3 text-center text-xs text-stone-600">By placing the order you agree to pay {money(quote.cart.totals.total, currency)}.</p>
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
