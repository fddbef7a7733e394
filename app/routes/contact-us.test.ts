import { describe, expect, it } from "vitest";
import { AppError } from "#common/errors";
import { action } from "./contact-us";
import type { Route } from "./+types/contact-us";

/** The contact form's answer to a post of `fields` on the page at `path`, with the messages service doing `create`. */
async function send(path: string, fields: Record<string, string>, create: () => Promise<unknown> = async () => ({})) {
  const request = new Request(`https://shop.example${path}`, { method: "POST", body: new URLSearchParams(fields) });
  const answer = await action({
    request,
    context: { services: { messages: { createMessage: create } }, clientIp: "203.0.113.9" },
  } as unknown as Route.ActionArgs);
  return "data" in (answer as object) ? (answer as { data: unknown }).data : answer;
}

const valid = { name: "Ada", email: "ada@example.com", subject: "", message: "Where is my parcel, please?" };

describe("the contact form's answers", () => {
  it("name what is wrong with each field in the page's language", async () => {
    const german = await send("/de/contact-us", { name: "A", email: "nope", subject: "", message: "short" });
    expect(german).toMatchObject({
      ok: false,
      message: "Bitte korrigiere die markierten Felder.",
      fieldErrors: { name: "Bitte gib deinen Namen ein", email: "Bitte gib eine gültige E-Mail-Adresse ein", message: "Bitte schreib mindestens 10 Zeichen" },
    });
    const french = await send("/fr/contact-us", { ...valid, message: "x".repeat(5001) });
    expect(french).toMatchObject({ ok: false, fieldErrors: { message: "Le message est trop long (5000 caractères maximum)" } });
  });

  it("keep the English of the spec's pages", async () => {
    const english = await send("/contact-us", { name: "A", email: "nope", subject: "", message: "short" });
    expect(english).toMatchObject({
      message: "Please correct the highlighted fields.",
      fieldErrors: { name: "Please enter your name", email: "Please enter a valid e-mail address", message: "Please write at least 10 characters" },
    });
    expect(await send("/contact-us", valid)).toEqual({ ok: true, message: "Thank you! Your message has been sent. We’ll get back to you soon." });
  });

  it("thank the sender and tell the rate limit's wait in the page's language", async () => {
    expect(await send("/es/contact-us", valid)).toEqual({ ok: true, message: "¡Gracias! Tu mensaje se ha enviado. Te responderemos pronto." });
    const limited = (wait: string) => async () => {
      throw new AppError("rate_limited", `Too many messages. Please try again in ${wait}.`);
    };
    expect(await send("/de/contact-us", valid, limited("5 minutes"))).toMatchObject({
      ok: false,
      message: "Zu viele Nachrichten. Bitte versuche es in 5 Minuten noch einmal.",
    });
    expect(await send("/fr/contact-us", valid, limited("1 hour"))).toMatchObject({ message: "Trop de messages. Merci de réessayer dans 1 heure." });
    expect(await send("/contact-us", valid, limited("45 seconds"))).toMatchObject({ message: "Too many messages. Please try again in 45 seconds." });
  });
});
