import { type APIRequestContext, type Page, expect } from "@playwright/test";
import { BASE_URL, MAILBOX_PORT } from "./ports";

/** A mail the shop sent, as the test SMTP server received it. */
export interface Mail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** An address nobody else in the run uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
}

/**
 * A phone number nobody else in the run uses: the shop caps the orders waiting per contact phone
 * (site settings, maxOpenOrdersPerContact), and the tests' orders stay pending.
 */
export function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  return `+1 555 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** Every mail received for `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`http://127.0.0.1:${MAILBOX_PORT}/messages?to=${encodeURIComponent(address.toLowerCase())}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

/** Waits for a mail to `address` whose subject matches, skipping the first `after` mails of that address. */
export async function waitForMail(address: string, subject: RegExp, { after = 0, timeout = 10_000 } = {}): Promise<Mail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await mailsTo(address)).slice(after).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The link of a mail that contains `part` (e.g. "/api/auth/verify-email"). */
export function linkIn(mail: Mail, part: string): string {
  const link = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]).find((l) => l.includes(part));
  if (!link) throw new Error(`No link with ${part} in "${mail.subject}":\n${mail.text}`);
  return link;
}

export interface Customer {
  name: string;
  email: string;
  password: string;
}

export function newCustomer(label: string, name = "Test Customer"): Customer {
  return { name, email: uniqueEmail(label), password: `pw-${Math.random().toString(36).slice(2, 10)}-secret` };
}

/**
 * Creates a confirmed customer account through the API (sign-up, then the confirmation link of
 * the mail). With a page's `request`, the page's browser is signed in afterwards; with the test's
 * own `request`, the browser stays signed out.
 */
export async function createCustomer(request: APIRequestContext, customer: Customer): Promise<Customer> {
  const res = await request.post("/api/auth/sign-up/email", {
    data: { name: customer.name, email: customer.email, password: customer.password },
    headers: { origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  const mail = await waitForMail(customer.email, /confirm your e-mail/i);
  const verified = await request.get(linkIn(mail, "/api/auth/verify-email"));
  expect(verified.ok()).toBe(true);
  return customer;
}

/** Signs in on /login with the password form (the page must be hydrated or not; both work). */
export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in with e-mail and password" });
  await form.getByRole("textbox", { name: "E-mail address" }).fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

/** The header's account menu button (desktop). */
export function accountMenu(page: Page) {
  return page.getByRole("banner").getByTestId("account-menu");
}
