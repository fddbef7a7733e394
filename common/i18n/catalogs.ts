/**
 * Every message a shopper reads, per language and namespace. A namespace is the first segment of
 * its keys (`cart.empty` is in `cart`). The English catalog is the source: the other languages
 * must have exactly its keys (the type says so, and `catalogs.test.ts` checks their arguments).
 * Only the server imports this file; pages get their language's messages compiled.
 */
import enAdmin from "./messages/en/admin";
import deAccount from "./messages/de/account";
import deAlerts from "./messages/de/alerts";
import deCart from "./messages/de/cart";
import deErrors from "./messages/de/errors";
import deMail from "./messages/de/mail";
import deReminders from "./messages/de/reminders";
import deMarket from "./messages/de/market";
import deReviews from "./messages/de/reviews";
import deShop from "./messages/de/shop";
import enAccount from "./messages/en/account";
import enAlerts from "./messages/en/alerts";
import enCart from "./messages/en/cart";
import enErrors from "./messages/en/errors";
import enMail from "./messages/en/mail";
import enReminders from "./messages/en/reminders";
import enMarket from "./messages/en/market";
import enReviews from "./messages/en/reviews";
import enShop from "./messages/en/shop";
import esAccount from "./messages/es/account";
import esAlerts from "./messages/es/alerts";
import esCart from "./messages/es/cart";
import esErrors from "./messages/es/errors";
import esMail from "./messages/es/mail";
import esReminders from "./messages/es/reminders";
import esMarket from "./messages/es/market";
import esReviews from "./messages/es/reviews";
import esShop from "./messages/es/shop";
import frAccount from "./messages/fr/account";
import frAlerts from "./messages/fr/alerts";
import frCart from "./messages/fr/cart";
import frErrors from "./messages/fr/errors";
import frMail from "./messages/fr/mail";
import frReminders from "./messages/fr/reminders";
import frMarket from "./messages/fr/market";
import frReviews from "./messages/fr/reviews";
import frShop from "./messages/fr/shop";
import type { Language } from "./languages";

export const NAMESPACES = ["shop", "cart", "account", "market", "errors", "mail", "reviews", "alerts", "reminders"] as const;
export type Namespace = (typeof NAMESPACES)[number];

const en = {
  shop: enShop,
  cart: enCart,
  account: enAccount,
  market: enMarket,
  errors: enErrors,
  mail: enMail,
  reviews: enReviews,
  alerts: enAlerts,
  reminders: enReminders,
};
/** The administration's texts: English only for now, through the same catalogs and functions. */
export const ADMIN_MESSAGES: Record<string, string> = enAdmin;
export type MessageKey = ({ [N in Namespace]: keyof (typeof en)[N] }[Namespace] | keyof typeof enAdmin) & string;

export const CATALOGS: Record<Language, Record<Namespace, Record<string, string>>> = {
  en,
  de: {
    shop: deShop,
    cart: deCart,
    account: deAccount,
    market: deMarket,
    errors: deErrors,
    mail: deMail,
    reviews: deReviews,
    alerts: deAlerts,
    reminders: deReminders,
  },
  fr: {
    shop: frShop,
    cart: frCart,
    account: frAccount,
    market: frMarket,
    errors: frErrors,
    mail: frMail,
    reviews: frReviews,
    alerts: frAlerts,
    reminders: frReminders,
  },
  es: {
    shop: esShop,
    cart: esCart,
    account: esAccount,
    market: esMarket,
    errors: esErrors,
    mail: esMail,
    reviews: esReviews,
    alerts: esAlerts,
    reminders: esReminders,
  },
};
