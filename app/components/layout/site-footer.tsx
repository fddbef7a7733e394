import type { Category } from "#modules/catalog";
import type { SiteSettings } from "#common/content/content.schema";
import { categoryHref } from "./category-menu";
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, XIcon, YoutubeIcon } from "~/components/icons";
import { ShopLink } from "../shop-link";
import { CachedInside } from "~/lib/html-fragments";
import { servedLanguages } from "#common/i18n/languages";
import { LanguageSwitcher } from "./language-switcher";
import { CurrencyMenu } from "./currency-menu";
import type { PageCurrencies } from "~/lib/shop";
import type { Translate } from "#common/i18n/translate";
import { richText, useLanguage, useLocalePath, useT } from "~/lib/i18n";

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
 * social links. The same for every shopper of a language: the server takes its inside from
 * html-fragments.tsx, one per language.
 */
export function SiteFooter({ settings, categories, currencies }: { settings: SiteSettings; categories: Category[]; currencies?: PageCurrencies }) {
  const year = new Date().getFullYear();
  const t = useT();
  const { language } = useLanguage();
  const localePath = useLocalePath();
  return (
    <footer className="focus-light mt-16 bg-stone-900 text-sm text-stone-300">
      <CachedInside
        as="div"
        cacheKey={JSON.stringify([settings, categories, year, language])}
        inside={() => <FooterInside settings={settings} categories={categories} year={year} t={t} localePath={localePath} />}
      />
      <div className="container-page flex justify-end pb-6">
        <LanguageSwitcher placement="footer" languages={servedLanguages(settings)} />
        <CurrencyMenu placement="footer" currencies={currencies} />
      </div>
    </footer>
  );
}

type Localized = { t: Translate; localePath: (path: string) => string };

function FooterInside({ settings, categories, year, t, localePath }: { settings: SiteSettings; categories: Category[]; year: number } & Localized) {
  const socials = SOCIAL.filter((s) => settings.socialLinks[s.key]);
  return (
    <>
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-lg font-bold tracking-tight text-white">{settings.siteName}</p>
          <p className="mt-3 max-w-xs leading-relaxed">{settings.description || settings.tagline || t("shop.footer.tagline")}</p>
          {socials.length > 0 && (
            <ul className="mt-5 flex gap-2" aria-label={t("shop.footer.social")}>
              {socials.map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    href={settings.socialLinks[key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="grid size-10 place-items-center rounded-full bg-stone-800 text-stone-200 hover:bg-stone-700 hover:text-white"
                  >
                    <Icon className="size-5" />
                    <span className="sr-only">{t("shop.footer.socialLink", { siteName: settings.siteName, network: label })}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label={t("shop.menu.shop")} id="footer-shop" className="scroll-mt-4">
          <h2 className={heading}>{t("shop.menu.shop")}</h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <ShopLink to={localePath("/product-category")} className={footLink}>
                {t("shop.menu.allProducts")}
              </ShopLink>
            </li>
            {categories
              .filter((c) => c.productCount > 0)
              .map((c) => (
                <li key={c._id}>
                  <ShopLink to={localePath(categoryHref(c.slug))} className={footLink}>
                    {c.name}
                  </ShopLink>
                </li>
              ))}
          </ul>
        </nav>
        <nav aria-label={t("shop.menu.help")}>
          <h2 className={heading}>{t("shop.menu.help")}</h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <ShopLink to={localePath("/contact-us")} className={footLink}>
                {t("shop.menu.contact")}
              </ShopLink>
            </li>
            <li>
              <ShopLink to={localePath("/my-orders")} className={footLink}>
                {t("shop.menu.myOrders")}
              </ShopLink>
            </li>
            <li>
              <ShopLink to={localePath("/shopping-cart")} className={footLink}>
                {t("shop.menu.cart")}
              </ShopLink>
            </li>
            <li>
              <ShopLink to={localePath("/privacy-policy")} className={footLink}>
                {t("shop.menu.privacy")}
              </ShopLink>
            </li>
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className={heading}>{t("shop.footer.contact")}</h2>
          <ContactList settings={settings} t={t} localePath={localePath} className="mt-4 space-y-3" linkClass={footLink} iconClass="text-stone-400" />
        </div>
      </div>
      <div className="border-t border-stone-800">
        <p className="container-page py-6 text-xs text-stone-400">{t("shop.footer.rights", { year: String(year), siteName: settings.siteName })}</p>
      </div>
    </>
  );
}

/**
 * The shop's e-mail, phone and address as a list, each with an icon; used by the footer and the
 * contact page. It reads no context (the footer's cached markup): its words and links come as props.
 */
export function ContactList({
  settings,
  t,
  localePath,
  className = "",
  linkClass = "",
  iconClass = "",
}: {
  settings: SiteSettings;
  className?: string;
  linkClass?: string;
  iconClass?: string;
} & Localized) {
  const items = [
    settings.contactEmail && {
      Icon: MailIcon,
      label: t("shop.contactList.email"),
      content: (
        <a href={`mailto:${settings.contactEmail}`} className={`break-all ${linkClass}`}>
          {settings.contactEmail}
        </a>
      ),
    },
    settings.contactPhone && {
      Icon: PhoneIcon,
      label: t("shop.contactList.phone"),
      content: (
        <a href={`tel:${settings.contactPhone.replace(/[^\d+]/g, "")}`} className={linkClass}>
          {settings.contactPhone}
        </a>
      ),
    },
    settings.address && { Icon: MapPinIcon, label: t("shop.contactList.address"), content: <span className="whitespace-pre-line">{settings.address}</span> },
  ].filter(Boolean) as Array<{ Icon: typeof MailIcon; label: string; content: React.ReactNode }>;
  if (items.length === 0) {
    return (
      <p className={className}>
        {richText(t, "shop.contactList.writeUs", {
          link: (
            <ShopLink to={localePath("/contact-us")} className={`underline ${linkClass}`}>
              {t("shop.contactList.form")}
            </ShopLink>
          ),
        })}
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
