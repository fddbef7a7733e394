import { Link } from "react-router";
import { seoMeta } from "~/lib/seo";
import { useShop } from "~/lib/shop";
import type { Route } from "./+types/privacy-policy";

const LAST_UPDATED = "21 November 2026";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: { siteName?: string } } | undefined;
  const siteName = root?.settings?.siteName ?? "this shop";
  return seoMeta(matches, location, { description: `How ${siteName} collects, uses and protects your personal data, and the choices you have.` });
};

/** The privacy policy, written around what this shop actually stores, with the shop's own name and contact. */
export default function PrivacyPolicy() {
  const { settings } = useShop();
  const shop = settings.siteName;
  const email = settings.contactEmail;
  const contact = email ? (
    <a href={`mailto:${email}`}>{email}</a>
  ) : (
    <Link to="/contact-us">our contact form</Link>
  );
  const sections = [
    ["who-we-are", "Who we are"],
    ["what-we-collect", "What we collect"],
    ["how-we-use", "How we use it"],
    ["cookies", "Cookies and local storage"],
    ["sharing", "Who we share it with"],
    ["retention", "How long we keep it"],
    ["your-rights", "Your rights"],
    ["security", "Security"],
    ["children", "Children"],
    ["changes", "Changes to this policy"],
    ["contact", "Contact us"],
  ] as const;

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Legal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Privacy policy</h1>
        <p className="mt-3 text-base leading-relaxed text-stone-600 sm:text-lg">
          Your privacy matters to us. This policy explains what personal data {shop} collects when you visit our shop, buy from us or get in touch, why we
          collect it, and the choices you have.
        </p>
        <p className="mt-3 text-sm text-stone-600">Last updated: {LAST_UPDATED}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_1fr]">
        <nav aria-label="On this page" className="h-fit rounded-2xl bg-stone-100 p-5 lg:sticky lg:top-6">
          <h2 className="text-sm font-semibold text-stone-900">On this page</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`} className="text-stone-700 underline-offset-4 hover:text-stone-900 hover:underline">
                  {title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="prose-page">
          <h2 id="who-we-are">Who we are</h2>
          <p>
            {shop} runs this online shop and is responsible (the “controller”) for the personal data described here.
            {settings.address && (
              <>
                {" "}
                Our address is {settings.address}.
              </>
            )}{" "}
            You can reach us about anything in this policy at {contact}.
          </p>

          <h2 id="what-we-collect">What we collect</h2>
          <ul>
            <li>
              <strong>Account details</strong>: your name, e-mail address, password (stored only as a secure hash) and profile picture, or the basic profile
              a sign-in provider such as Google shares with us when you choose to sign in with it.
            </li>
            <li>
              <strong>Order details</strong>: what you buy, the delivery and billing address, phone number and order history. Payments are handled by our
              payment provider; we never see or store your full card number.
            </li>
            <li>
              <strong>Messages</strong>: what you write to us through the contact form (name, e-mail address, subject and message) and the IP address it
              was sent from, which we use to stop spam.
            </li>
            <li>
              <strong>Technical data</strong>: the pages you visit, your browser and device type and your IP address, as recorded in our server logs and,
              where enabled, by analytics and advertising tools.
            </li>
          </ul>

          <h2 id="how-we-use">How we use it</h2>
          <ul>
            <li>To take, process and deliver your orders, and to keep you informed about them (performing our contract with you).</li>
            <li>To answer your questions and provide customer support.</li>
            <li>To keep the shop secure, prevent fraud and abuse, and fix problems (our legitimate interests).</li>
            <li>To understand how the shop is used and improve it, and to measure our advertising, only where you have agreed to it if the law requires.</li>
            <li>To meet our legal obligations, such as keeping invoices for tax purposes.</li>
          </ul>
          <p>We do not sell your personal data, and we do not make decisions about you based solely on automated processing.</p>

          <h2 id="cookies">Cookies and local storage</h2>
          <p>
            We keep your shopping cart and wishlist in your browser’s local storage so they are still there when you come back; this stays on your device
            and you can clear it at any time in your browser’s settings. When you sign in, a cookie keeps you signed in.
          </p>
          <p>
            If enabled by the shop, a Facebook (Meta) pixel measures visits and purchases for our advertising, and a live-chat widget lets you talk to us;
            these services may set their own cookies and process data under their own privacy policies.
          </p>

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
          <p>
            We keep account details while your account is open, order records for as long as tax and accounting law requires, and contact messages for as
            long as needed to deal with your request. Server logs are kept for a short period for security. After that, we delete or anonymise the data.
          </p>

          <h2 id="your-rights">Your rights</h2>
          <p>Depending on where you live, you may have the right to:</p>
          <ul>
            <li>access the personal data we hold about you and receive a copy of it;</li>
            <li>have inaccurate data corrected, or your data deleted;</li>
            <li>object to or restrict how we use your data, including for marketing;</li>
            <li>withdraw your consent at any time, where we rely on it;</li>
            <li>complain to your data protection authority.</li>
          </ul>
          <p>To use any of these rights, write to us at {contact}. We will answer within one month.</p>

          <h2 id="security">Security</h2>
          <p>
            We protect your data with encrypted connections (HTTPS), hashed passwords, access limited to the people who need it, and regular updates. No
            system is perfectly secure, so please use a strong, unique password for your account.
          </p>

          <h2 id="children">Children</h2>
          <p>Our shop is not intended for children under 16, and we do not knowingly collect their personal data.</p>

          <h2 id="changes">Changes to this policy</h2>
          <p>
            We may update this policy when our shop or the law changes. We will post the new version on this page with a new date, and tell you about
            important changes by e-mail or on the site.
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
