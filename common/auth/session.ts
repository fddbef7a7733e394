/** How long a session lasts without activity ("remember me"), and how often its expiry moves on. */
export const SESSION_DAYS = 30;
/** The first part of every better-auth cookie's name (`shop.session_token`, …; the privacy policy lists them). */
export const AUTH_COOKIE_PREFIX = "shop";
