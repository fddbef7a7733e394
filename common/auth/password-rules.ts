/** Password length rules shared by the forms and their server-side checks (better-auth is configured with them in server/auth/auth.ts). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Which verdict an estimate gives: pages say it in their language from this; `label` is its English text. */
export type StrengthRule = "tooShort" | "weak" | "fair" | "good" | "strong";
export type Strength = { score: 0 | 1 | 2 | 3 | 4; label: string; rule?: StrengthRule };

/**
 * A rough strength estimate for the hint under a new password: length counts most, then the
 * variety of character kinds; common patterns (one repeated character, a run like 12345678) are weak.
 */
export function passwordStrength(password: string): Strength {
  if (!password) return { score: 0, label: "" };
  if (password.length < PASSWORD_MIN) return { score: 1, label: "Too short", rule: "tooShort" };
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const repetitive =
    /^(.)\1+$/.test(password) || "0123456789abcdefghijklmnopqrstuvwxyz".includes(password.toLowerCase()) || /^(password|qwerty|letmein)/i.test(password);
  if (repetitive) return { score: 1, label: "Weak: easy to guess", rule: "weak" };
  const points = kinds + (password.length >= 12 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  if (points <= 2) return { score: 2, label: "Fair: make it longer, or mix in numbers and symbols", rule: "fair" };
  if (points <= 3) return { score: 3, label: "Good", rule: "good" };
  return { score: 4, label: "Strong", rule: "strong" };
}
