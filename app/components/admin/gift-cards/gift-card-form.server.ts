/**
 * The issue form as the gift cards service takes it (the API's JSON): the amount as a number when
 * it reads as one (a comma taken for the decimal point), else as typed so the schema's message
 * names it; empty fields left out.
 */
export function readGiftCardForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const raw = text("amount").replace(/\s/g, "").replace(",", ".");
  const amount = raw !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw === "" ? undefined : raw;
  const body: Record<string, unknown> = { amount };
  for (const name of ["currency", "expiresAt", "recipientEmail", "note", "language"]) if (text(name)) body[name] = text(name);
  return body;
}
