// Ports of one browser-test run, derived from E2E_PORT so parallel runs (other checkouts, other
// E2E_PORTs) do not collide. Read by playwright.config.ts, the launcher and the tests alike.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** The tiny HTTP mailbox of the SMTP capture server (tests read the shop's mails there). */
export const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT ?? E2E_PORT + 10_000);
/** The local OpenID Connect provider. */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 10_001);
/** The local fake of the Stripe API (card payments; tests/support/fake-stripe.ts). */
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? E2E_PORT + 10_002);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The OpenID Connect client the launcher registers and the shop is configured with. */
export const OIDC_CLIENT = { id: "shop-e2e", secret: "shop-e2e-client-secret", name: "Test ID" } as const;

/** The administrator the shop creates at start-up (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" } as const;
