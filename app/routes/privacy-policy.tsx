import { Link, useLoaderData } from "react-router";
import { SESSION_DAYS } from "#common/auth/session";
import { seoMeta } from "~/lib/seo";
import { useShop } from "~/lib/shop";
import { DEFAULT_LANGUAGE } from "#common/i18n/languages";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { requestT } from "~/lib/i18n.server";
import type { Route } from "./+types/privacy-policy";

const LAST_UPDATED = Date.UTC(2026, 10, 23);

/**
 * The figures of the policy that follow the shop's configuration, so the text says what this shop
 * does; and the page's description, in its language (meta functions cannot translate).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { siteName } = await context.services.content.getSettings();
  return {
    cartRetentionDays: context.services.env.CART_RETENTION_DAYS,
    sessionDays: SESSION_DAYS,
    description: requestT(request)("shop.privacy.description", { siteName }),
  };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => seoMeta(matches, location, { description: loaderData?.description });

/** A cookie the shop itself sets: its name, what it is for and how long it stays. */
function Cookie({ name, children, lifetime }: { name: string; children: React.ReactNode; lifetime: string }) {
  return (
    <div className="border-t border-stone-200 py-3 first:border-t-0">
      <dt>
        <code className="rounded bg-stone-100 px-1.5 py-0.5 text-sm font-semibold text-stone-900">{name}</code>
      </dt>
      <dd className="mt-1">{children}</dd>
      <dd className="text-sm text-stone-600">Kept: {lifetime}</dd>
    </div>
  );
}

/**
 * The privacy policy, written around what this shop actually stores and sends: its cookies, the
 * cart and wishlist kept on the server, retention periods, mails and how to have an account deleted.
 * The policy itself is in English (`lang="en"`) on every language's page, which translates its frame.
 */
export default function PrivacyPolicy() {
  const { cartRetentionDays, sessionDays } = useLoaderData<typeof loader>();
  const { settings } = useShop();
  const t = useT();
  const { language, locale } = useLanguage();
  const localePath = useLocalePath();
  const translated = language !== DEFAULT_LANGUAGE;
  // The policy's English writes dates the British way.
  const updated = new Date(LAST_UPDATED).toLocaleDateString(translated ? locale : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const shop = settings.siteName;
  const email = settings.contactEmail;
  const contact = email ? <a href={`mailto:${email}`}>{email}</a> : <Link to={localePath("/contact-us")}>our contact form</Link>;
  const sections = [
    ["who-we-are", "Who we are"],
    ["what-we-collect", "What we collect"],
    ["how-we-use", "How we use it"],
    ["cookies", "Cookies"],
    ["emails", "E-mails we send"],
    ["sharing", "Who we share it with"],
    ["retention", "How long we keep it"],
    ["delete-account", "Deleting your account"],
    ["your-rights", "Your rights"],
    ["security", "Security"],
    ["children", "Children"],
    ["changes", "Changes to this policy"],
    ["contact", "Contact us"],
  ] as const;

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("shop.privacy.legal")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t("shop.privacy.title")}</h1>
        {translated && (
          <p className="mt-3 text-sm font-medium text-stone-700" data-testid="privacy-english-only">
            {t("shop.privacy.englishOnly")}
          </p>
        )}
        <p lang={translated ? "en" : undefined} className="mt-3 text-base leading-relaxed text-stone-600 sm:text-lg">
          Your privacy matters to us. This policy explains what personal data {shop} collects when you visit our shop, buy from us or get in touch, why we
          collect it, how long we keep it, and the choices you have.
        </p>
        <p className="mt-3 text-sm text-stone-600">{t("shop.privacy.updated", { date: updated })}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_1fr]">
        <nav aria-label={t("shop.privacy.onThisPage")} className="h-fit rounded-2xl bg-stone-100 p-5 lg:sticky lg:top-6">
          <h2 className="text-sm font-semibold text-stone-900">{t("shop.privacy.onThisPage")}</h2>
          <ol lang={translated ? "en" : undefined} className="mt-3 space-y-2 text-sm">
            {sections.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`} className="text-stone-700 underline-offset-4 hover:text-stone-900 hover:underline">
                  {title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article lang={translated ? "en" : undefined} className="prose-page" data-testid="privacy-policy">
          <h2 id="who-we-are">Who we are</h2>
          <p>
            {shop} runs this online shop and is responsible (the “controller”) for the personal data described here.
            {settings.address && <> Our address is {settings.address}.</>} You can reach us about anything in this policy at {contact}.
          </p>

          <h2 id="what-we-collect">What we collect</h2>
          <ul>
            <li>
              <strong>Account details</strong>: your name, e-mail address, password (stored only as a secure hash) and profile picture, or the basic profile a
              sign-in provider such as Google shares with us when you choose to sign in with it. For each signed-in device we keep the session with its IP
              address and browser type, so you stay signed in and can sign out everywhere.
            </li>
            <li>
              <strong>Cart and wishlist</strong>: the products you put in your cart or wishlist are stored on our server. If you are signed in they belong to
              your account; if not, they belong to a random identifier in a cookie on your device (see Cookies below), so they are still there when you come
              back.
            </li>
            <li>
              <strong>Order details</strong>: what you buy, your name, e-mail address, phone number, delivery address and, if you are signed in, your saved
              addresses and order history. Card payments are handled by our payment provider; we never see or store your card number.
            </li>
            <li>
              <strong>Messages</strong>: what you write to us through the contact form (name, e-mail address, subject and message) and the IP address it was
              sent from, which we use to stop spam.
            </li>
            <li>
              <strong>Security counters</strong>: to stop password guessing, spam and fake orders we count attempts per IP address, per e-mail address and per
              phone number (sign-ins, sign-in links, messages, orders).
            </li>
            <li>
              <strong>Technical data</strong>: our server logs each request (the address requested, the answer and how long it took) and, where the shop enables
              them, analytics and advertising tools record the pages you visit.
            </li>
          </ul>

          <h2 id="how-we-use">How we use it</h2>
          <ul>
            <li>To take, process and deliver your orders, and to keep you informed about them (performing our contract with you).</li>
            <li>To keep your cart, wishlist and account, and to keep you signed in.</li>
            <li>To answer your questions and provide customer support.</li>
            <li>To keep the shop secure, prevent fraud and abuse, and fix problems (our legitimate interests).</li>
            <li>To understand how the shop is used and improve it, and to measure our advertising, only where you have agreed to it if the law requires.</li>
            <li>To meet our legal obligations, such as keeping invoices for tax purposes.</li>
          </ul>
          <p>We do not sell your personal data, and we do not make decisions about you based solely on automated processing.</p>

          <h2 id="cookies">Cookies</h2>
          <p>
            The shop sets only the cookies it needs to work; none of them is used for advertising. They are “HttpOnly” (scripts on the page cannot read them)
            and sent only to this shop. On a secure (https) connection your browser shows their names with a <code>__Secure-</code> prefix.
          </p>
          <dl className="mt-3 rounded-xl border border-stone-200 px-4" data-testid="cookie-list">
            <Cookie name="shop.visitor" lifetime="one year from the first time it was set">
              A random identifier, signed by the shop, set the first time you add something to your cart or wishlist without being signed in. It links this
              browser to its cart, wishlist and guest orders on our server; when you sign in, that cart and wishlist move into your account.
            </Cookie>
            <Cookie name="shop.session_token" lifetime={`${sessionDays} days after your last visit while signed in, or until you sign out`}>
              Keeps you signed in.
            </Cookie>
            <Cookie name="shop.session_data" lifetime="one minute at a time">
              A signed copy of your session (name, e-mail address, role), so pages do not have to look it up on every visit.
            </Cookie>
            <Cookie name="shop.dont_remember" lifetime="until you close the browser">
              Set when you sign in without “Remember me”: your session then ends with the browser.
            </Cookie>
            <Cookie name="shop.state" lifetime="five minutes">
              Set while you sign in with another service (such as Google), to check that the answer comes back to the browser that asked.
            </Cookie>
          </dl>
          <p>
            Your browser’s local storage keeps one setting of ours, whether the cart panel was open (<code>isCartOpen</code>, with the time it opened), so a
            reload right after adding something shows the panel again. It holds no personal data; your cart itself is on our server.
          </p>
          <p>
            If the shop enables them, a Facebook (Meta) pixel measures visits and purchases for our advertising, a live-chat widget lets you talk to us, and on
            the card payment page our payment provider (Stripe) loads its form, which may set its own fraud-prevention cookies. These services process data
            under their own privacy policies.
          </p>

          <h2 id="emails">E-mails we send</h2>
          <p>We only send e-mails about your account and your orders, never newsletters or advertising:</p>
          <ul>
            <li>a link to confirm your e-mail address when you create an account;</li>
            <li>sign-in links when you ask for one, and password reset links when you ask for a new password;</li>
            <li>a note when someone tries to create an account with an address that already has one;</li>
            <li>a warning, with a sign-in link, when several wrong passwords were tried for your account;</li>
            <li>the confirmation of each order, and a message when its status changes (for example shipped, with the tracking number, or cancelled).</li>
          </ul>

          <h2 id="sharing">Who we share it with</h2>
          <p>We share personal data only with those who help us run the shop, and only as much as they need:</p>
          <ul>
            <li>payment providers, to take your payment securely;</li>
            <li>delivery companies, to get your order to you;</li>
            <li>hosting, e-mail and sign-in providers that run our services on our behalf;</li>
            <li>authorities, when the law requires it.</li>
          </ul>
          <p>Where these providers are outside your country, we make sure appropriate safeguards protect your data.</p>

          <h2 id="retention">How long we keep it</h2>
          <ul>
            <li>Account details, saved addresses, and a signed-in customer’s cart and wishlist: while your account exists.</li>
            <li>The cart and wishlist of a visitor who is not signed in: deleted automatically once they have not changed for {cartRetentionDays} days.</li>
            <li>Sessions (with their IP address and browser type): {sessionDays} days after their last use, or until you sign out.</li>
            <li>Security counters: deleted after at most 25 hours.</li>
            <li>Sign-in, confirmation and password reset links: they stop working after ten minutes to an hour.</li>
            <li>Orders: as our sales records, for as long as tax and accounting law requires.</li>
            <li>Contact messages: until we have dealt with your request and delete them.</li>
          </ul>

          <h2 id="delete-account">Deleting your account</h2>
          <p>
            The shop has no button for this yet. To have your account deleted, write to us through <Link to={localePath("/contact-us")}>the contact form</Link>{" "}
            from the e-mail address of your account and ask for it. We delete your account, its sessions, saved addresses, cart and wishlist; order records stay
            as long as the law requires us to keep them. Until then, <Link to={localePath("/update-profile")}>your profile page</Link> lets you sign out on
            every device at once.
          </p>
          <p>
            Without an account, deleting the <code>shop.visitor</code> cookie in your browser’s settings disconnects this browser from its cart and wishlist; we
            delete them from our server after {cartRetentionDays} days.
          </p>

          <h2 id="your-rights">Your rights</h2>
          <p>Depending on where you live, you may have the right to:</p>
          <ul>
            <li>access the personal data we hold about you and receive a copy of it;</li>
            <li>have inaccurate data corrected, or your data deleted;</li>
            <li>object to or restrict how we use your data;</li>
            <li>withdraw your consent at any time, where we rely on it;</li>
            <li>complain to your data protection authority.</li>
          </ul>
          <p>To use any of these rights, write to us at {contact}. We will answer within one month.</p>

          <h2 id="security">Security</h2>
          <p>
            We protect your data with encrypted connections (HTTPS), hashed passwords, access limited to the people who need it, and regular updates. No system
            is perfectly secure, so please use a strong, unique password for your account.
          </p>

          <h2 id="children">Children</h2>
          <p>Our shop is not intended for children under 16, and we do not knowingly collect their personal data.</p>

          <h2 id="changes">Changes to this policy</h2>
          <p>
            We may update this policy when our shop or the law changes. We will post the new version on this page with a new date, and tell you about important
            changes by e-mail or on the site.
          </p>

          <h2 id="contact">Contact us</h2>
          <p>
            Questions about this policy or your data? Contact {shop} at {contact}
            {settings.contactPhone ? <> or call {settings.contactPhone}</> : null}.
          </p>
        </article>
      </div>
    </div>
  );
}
