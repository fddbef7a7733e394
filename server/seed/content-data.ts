import type { Language } from "#common/i18n/languages";
import type { PromotionCreateInput } from "#common/promotions/promotions.schema";
import type { Art } from "./illustrations";
import type { ColorName } from "./colors";

/** The demo shop's public settings (validated with siteSettingsSchema before they are stored). */
export const SITE_SETTINGS = {
  siteName: "Marigold Market",
  tagline: "Good things for every day, chosen with care.",
  description:
    "Marigold Market is an independent online shop for clothing, shoes, electronics, home goods, beauty, books and toys: a carefully chosen range, fair prices and friendly service.",
  logo: "",
  currency: "USD",
  locale: "en-US",
  contactEmail: "hello@marigold.example",
  contactPhone: "+1 (555) 014-2368",
  address: "214 Harbor Street, Portland, OR 97204, United States",
  country: "US",
  socialLinks: {
    facebook: "https://www.facebook.com/marigoldmarket",
    instagram: "https://www.instagram.com/marigoldmarket",
    twitter: "https://x.com/marigoldmarket",
    youtube: "https://www.youtube.com/@marigoldmarket",
  },
  liveChat: { provider: "none", id: "" },
  announcement: "Free shipping on orders of $75.00 or more",
  freeShippingThreshold: 75,
  // The courier covers Portland; everywhere else in the US goes by post (offered in Portland too).
  shippingZones: [
    { id: "inside-city", name: "Inside the city (1–2 days)", rate: 4.99, country: "US", regions: ["OR"], cities: ["Portland"] },
    { id: "outside-city", name: "Standard shipping (3–5 days)", rate: 9.99, country: "US", regions: [], cities: [] },
  ],
  // The shop's own words in the other languages it speaks, so a demo page in German reads German.
  translations: {
    de: {
      tagline: "Gute Dinge für jeden Tag, mit Sorgfalt ausgewählt.",
      description:
        "Marigold Market ist ein unabhängiger Onlineshop für Kleidung, Schuhe, Elektronik, Wohnen, Beauty, Bücher und Spielzeug: ein sorgfältig ausgewähltes Sortiment, faire Preise und freundlicher Service.",
      announcement: "Kostenloser Versand ab 75,00 $ Bestellwert",
    },
    fr: {
      tagline: "De bonnes choses pour tous les jours, choisies avec soin.",
      description:
        "Marigold Market est une boutique en ligne indépendante de vêtements, chaussures, high-tech, maison, beauté, livres et jouets : une sélection soignée, des prix justes et un service aimable.",
      announcement: "Livraison offerte dès 75,00 $ d’achat",
    },
    es: {
      tagline: "Cosas buenas para cada día, elegidas con cariño.",
      description:
        "Marigold Market es una tienda online independiente de ropa, calzado, electrónica, hogar, belleza, libros y juguetes: una selección cuidada, precios justos y un trato cercano.",
      announcement: "Envío gratis en pedidos desde 75,00 $",
    },
  },
  // US style: prices without tax, each state's sales tax added at checkout for the delivery
  // address. The shop is in Oregon, which has none, so a shopper sees tax once they give an address
  // in a state below. Each state's rate is its statewide base rate, but New York's, which is New York
  // City's combined 8.875 %. Clothing and shoes are their own class, which New Jersey, Pennsylvania
  // and New York do not tax (New York only below $110 an item, a limit the demo leaves out);
  // Illinois taxes qualifying food and medicine at 1 % (the reduced class). Shipping is not taxed.
  taxes: {
    pricesIncludeTax: false,
    shippingTaxed: false,
    shippingTaxClass: "standard",
    defaultClass: "standard",
    taxNumber: "",
    region: "OR",
    classes: ["standard", "reduced", "zero", "clothing"],
    regions: [
      salesTax("CA", 7.25),
      salesTax("FL", 6),
      salesTax("IL", 6.25, { reduced: 1 }),
      salesTax("NJ", 6.625, { clothing: 0 }),
      salesTax("NY", 8.875, { clothing: 0 }),
      salesTax("PA", 6, { clothing: 0 }),
      salesTax("TX", 6.25),
      salesTax("WA", 6.5),
    ],
  },
};

/** A US state's sales tax: its rate for every class but zero, where other rates are given. */
function salesTax(state: string, rate: number, other: { reduced?: number; clothing?: number } = {}) {
  return { country: "US", region: state, name: "Sales tax", rates: { standard: rate, reduced: rate, zero: 0, clothing: rate, ...other } };
}

/** The demo's clothing and shoes (their categories' slugs): the tax class "clothing"; the rest have the default class. */
const CLOTHING = new Set(["mens-fashion", "womens-fashion", "shoes"]);

/** A demo product's tax class by its category: "clothing", or null for the default. */
export function demoTaxClass(categorySlug: string): string | null {
  return CLOTHING.has(categorySlug) ? "clothing" : null;
}

/** The tracking pixel starts switched off: an operator enters their own pixel id. */
export const PIXEL_SETTINGS = { pixelId: "", status: "inactive" as const };

export interface BannerDef {
  title: string;
  /**
   * The line under the title, given the best discount among the category's active products (0 when
   * none is discounted): a banner that promises a discount states that one, or promises none.
   */
  subtitle: (bestDiscount: number) => string;
  /** Slug of the top-level category the banner links to. */
  category: string;
  items: Array<{ art: Art; color: ColorName }>;
}

/** Drawings whose name is not what one would call the thing shown. */
const ART_WORDS: Partial<Record<Art, string>> = { runner: "running shoe" };
const PLURAL_ARTS = new Set<Art>(["headphones"]);

/** What a banner's picture shows, as its alt text: "A coral dress, a sky blue blouse and a mustard skirt". */
export function bannerAlt(banner: Pick<BannerDef, "items">): string {
  const things = banner.items.map(({ art, color }) => {
    const words = `${color.toLowerCase()} ${ART_WORDS[art] ?? art}`;
    if (PLURAL_ARTS.has(art)) return words;
    return `${/^[aeiou]/.test(words) ? "an" : "a"} ${words}`;
  });
  const text = things.length > 1 ? `${things.slice(0, -1).join(", ")} and ${things[things.length - 1]}` : (things[0] ?? "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** ", now up to 30% off" for a category whose best discount is 30%; nothing when none is discounted. */
const upTo = (best: number) => (best > 0 ? `, now up to ${best}% off` : "");

export const BANNERS: BannerDef[] = [
  {
    title: "Summer Essentials",
    subtitle: (best) => `Light dresses, airy blouses and easy skirts${upTo(best)}.`,
    category: "womens-fashion",
    items: [
      { art: "dress", color: "Coral" },
      { art: "blouse", color: "Sky Blue" },
      { art: "skirt", color: "Mustard" },
    ],
  },
  {
    title: "Sound That Moves You",
    subtitle: () => "Wireless headphones, speakers and smartwatches for every day.",
    category: "electronics",
    items: [
      { art: "speaker", color: "Teal" },
      { art: "headphones", color: "Black" },
      { art: "smartwatch", color: "Rose" },
    ],
  },
  {
    title: "Cook, Gather, Repeat",
    subtitle: () => "Cookware, mugs and lighting made to last a lifetime.",
    category: "home-kitchen",
    items: [
      { art: "mug", color: "Terracotta" },
      { art: "pot", color: "Red" },
      { art: "vase", color: "Cream" },
    ],
  },
  {
    title: "New Season Sneakers",
    subtitle: (best) => `Fresh pairs for city streets and morning runs${upTo(best)}.`,
    category: "shoes",
    items: [
      { art: "runner", color: "Coral" },
      { art: "sneaker", color: "White" },
      { art: "boot", color: "Tan" },
    ],
  },
];

/**
 * The demo's promotions (admin API input, money in dollars): a welcome code a shopper types, and an
 * automatic offer on toys. No browser test's cart has three toys, so the automatic one changes no
 * total they check; the code applies only where a shopper types it.
 */
export const DEMO_PROMOTIONS = {
  code: {
    name: "Welcome offer",
    code: "WELCOME10",
    kind: "percentage",
    value: 10,
    minSubtotal: 50,
    usageLimitPerCustomer: 1,
  },
  automatic: {
    name: "Toy box deal",
    kind: "buy_x_get_y",
    buyQuantity: 2,
    getQuantity: 1,
    getPercent: 50,
    categorySlugs: ["toys-games"],
  },
} as const satisfies Record<string, PromotionCreateInput>;

/**
 * The first home banner names both promotions, in every language the shop speaks; its figures come
 * from the promotions above, so the banner never promises what the cart does not give.
 */
export const PROMOTION_BANNER = (() => {
  const { code, automatic } = DEMO_PROMOTIONS;
  const texts: Record<Language, { title: string; subtitle: string }> = {
    en: {
      title: "Welcome Offers",
      subtitle: `Code ${code.code} takes ${code.value}% off orders of $${code.minSubtotal} or more, and when you buy ${automatic.buyQuantity} toys, the next one is ${automatic.getPercent}% off, no code needed.`,
    },
    de: {
      title: "Willkommensangebote",
      subtitle: `Mit dem Code ${code.code} sparst du ${code.value} % ab ${code.minSubtotal} $ Bestellwert, und kaufst du ${automatic.buyQuantity} Spielzeuge, gibt es das nächste mit ${automatic.getPercent} % Rabatt, ganz ohne Code.`,
    },
    fr: {
      title: "Offres de bienvenue",
      subtitle: `Le code ${code.code} vous offre ${code.value} % de remise dès ${code.minSubtotal} $ d’achat, et pour ${automatic.buyQuantity} jouets achetés, le suivant est à -${automatic.getPercent} %, sans code.`,
    },
    es: {
      title: "Ofertas de bienvenida",
      subtitle: `Con el código ${code.code}, un ${code.value} % de descuento en pedidos desde ${code.minSubtotal} $, y si compras ${automatic.buyQuantity} juguetes, el siguiente tiene un ${automatic.getPercent} % de descuento, sin código.`,
    },
  };
  return {
    category: automatic.categorySlugs[0],
    items: [
      { art: "teddy", color: "Tan" },
      { art: "blocks", color: "Red" },
      { art: "car", color: "Sky Blue" },
    ] satisfies BannerDef["items"],
    texts,
  };
})();
