import type { Category } from "#modules/catalog";
import type { SiteSettings } from "#common/content/content.schema";
import { categoryHref } from "./category-menu";
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, XIcon, YoutubeIcon } from "~/components/icons";
import { ShopLink } from "../shop-link";
import { CachedInside } from "~/lib/html-fragments";
import { LanguageSwitcher } from "./language-switcher";

const SOCIAL = [
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "twitter", label: "X (Twitter)", Icon: XIcon },
  { key: "youtube", label: "YouTube", Icon: YoutubeIcon },
] as const;

const heading = "text-sm font-semibold uppercase tracking-wider text-white";
const footLink = "rounded text-stone-300 hover:text-white hover:underline underline-offset-4";

/**
 * The storefront footer from the site settings: about, shop links, help links, contact details,
 * social links. The same for every shopper: the server takes its inside from html-fragments.tsx.
 */
export function SiteFooter({ settings, categories }: { settings: SiteSettings; categories: Category[] }) {
  const year = new Date().getFullYear();
  return (
    <footer className="focus-light mt-16 bg-stone-900 text-sm text-stone-300">
      <CachedInside
        as="div"
        cacheKey={JSON.stringify([settings, categories, year])}
        inside={() => <FooterInside settings={settings} categories={categories} year={year} />}
      />
      <div className="container-page flex justify-end pb-6">
        <LanguageSwitcher placement="footer" />
      </div>
    </footer>
  );
}

function FooterInside({ settings, categories, year }: { settings: SiteSettings; categories: Category[]; year: number }) {
  const socials = SOCIAL.filter((s) => settings.socialLinks[s.key]);
  return (
    <>
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-lg font-bold tracking-tight text-white">{settings.siteName}</p>
          <p className="mt-3 max-w-xs leading-relaxed">{settings.description || settings.tagline || "Quality products, fair prices and friendly service."}</p>
          {socials.length > 0 && (
            <ul className="mt-5 flex gap-2" aria-label="Social media">
              {socials.map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    href={settings.socialLinks[key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="grid size-10 place-items-center rounded-full bg-stone-800 text-stone-200 hover:bg-stone-700 hover:text-white"
                  >
                    <Icon className="size-5" />
                    <span className="sr-only">
                      {settings.siteName} on {label} (opens in a new tab)
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Shop" id="footer-shop" className="scroll-mt-4">
          <h2 className={heading}>Shop</h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <ShopLink to="/product-category" className={footLink}>
                All products
              </ShopLink>
            </li>
            {categories
              .filter((c) => c.productCount > 0)
              .map((c) => (
                <li key={c._id}>
                  <ShopLink to={categoryHref(c.slug)} className={footLink}>
                    {c.name}
                  </ShopLink>
                </li>
              ))}
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2 className={heading}>Help</h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <ShopLink to="/contact-us" className={footLink}>
                Contact us
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/my-orders" className={footLink}>
                My orders
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/shopping-cart" className={footLink}>
                Shopping cart
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/privacy-policy" className={footLink}>
                Privacy policy
              </ShopLink>
            </li>
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className={heading}>Contact</h2>
          <ContactList settings={settings} className="mt-4 space-y-3" linkClass={footLink} iconClass="text-stone-400" />
        </div>
      </div>
      <div className="border-t border-stone-800">
        <p className="container-page py-6 text-xs text-stone-400">{`© ${year} ${settings.siteName}. All rights reserved.`}</p>
      </div>
    </>
  );
}

/** The shop's e-mail, phone and address as a list, each with an icon; used by the footer and the contact page. */
export function ContactList({
  settings,
  className = "",
  linkClass = "",
  iconClass = "",
}: {
  settings: SiteSettings;
  className?: string;
  linkClass?: string;
  iconClass?: string;
}) {
  const items = [
    settings.contactEmail && {
      Icon: MailIcon,
      label: "E-mail",
      content: (
        <a href={`mailto:${settings.contactEmail}`} className={`break-all ${linkClass}`}>
          {settings.contactEmail}
        </a>
      ),
    },
    settings.contactPhone && {
      Icon: PhoneIcon,
      label: "Phone",
      content: (
        <a href={`tel:${settings.contactPhone.replace(/[^\d+]/g, "")}`} className={linkClass}>
          {settings.contactPhone}
        </a>
      ),
    },
    settings.address && { Icon: MapPinIcon, label: "Address", content: <span className="whitespace-pre-line">{settings.address}</span> },
  ].filter(Boolean) as Array<{ Icon: typeof MailIcon; label: string; content: React.ReactNode }>;
  if (items.length === 0) {
    return (
      <p className={className}>
        Write to us through the{" "}
        <ShopLink to="/contact-us" className={`underline ${linkClass}`}>
          contact form
        </ShopLink>
        .
      </p>
    );
  }
  return (
    <ul className={className}>
      {items.map(({ Icon, label, content }) => (
        <li key={label} className="flex gap-3">
          <Icon className={`mt-0.5 size-5 shrink-0 ${iconClass}`} />
          <span>
            <span className="sr-only">{label}: </span>
            {content}
          </span>
        </li>
      ))}
    </ul>
  );
}
