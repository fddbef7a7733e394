import { IMAGE_KINDS } from "#common/images/image-sizes";

const MAX_NAME = 100;
const MAX_URL = 2048;
const OWN_AVATAR = new RegExp(`^/uploads/${IMAGE_KINDS.avatar.dir}/[a-z0-9][a-z0-9-]{0,119}\\.webp$`);

/** Whether a profile picture value is acceptable: empty, one of our stored avatars, or an http(s) URL. */
export function isAcceptableImage(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (typeof value !== "string" || value.length > MAX_URL) return false;
  if (OWN_AVATAR.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Checks the name and picture of a sign-up or profile update before better-auth stores them, so a
 * `javascript:` picture URL or a megabyte-long name is refused with a clear 400.
 */
export function checkProfileInput(body: unknown, options: { requireName: boolean }): { code: string; message: string } | null {
  if (!body || typeof body !== "object") return null; // better-auth's own validation answers this
  const { name, image, email } = body as Record<string, unknown>;
  if (name !== undefined || options.requireName) {
    if (typeof name !== "string" || !name.trim()) return { code: "INVALID_NAME", message: "Please enter your name." };
    if (name.trim().length > MAX_NAME) return { code: "INVALID_NAME", message: `Your name can be at most ${MAX_NAME} characters long.` };
  }
  if (!isAcceptableImage(image)) return { code: "INVALID_IMAGE", message: "The picture must be a web address starting with http:// or https://." };
  if (typeof email === "string" && email.length > 254) return { code: "INVALID_EMAIL", message: "This e-mail address is too long." };
  return null;
}
