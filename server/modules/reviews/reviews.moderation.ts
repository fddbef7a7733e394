/** Why moderation holds a review whatever the settings say. */
export type HoldReason = "link" | "capitals" | "blocklist";

const LINK = /https?:\/\/|\bwww\./i;
/** A text with at least this many letters is shouting when more than half of them are capitals. */
const SHOUTING_MIN_LETTERS = 20;

/** Whether more than half of the letters of a text of 20 letters or more are capitals. */
export function isShouting(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < SHOUTING_MIN_LETTERS) return false;
  const capitals = letters.filter((ch) => /\p{Lu}/u.test(ch)).length;
  return capitals * 2 > letters.length;
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether the text holds one of the blocked words (or phrases), whole, in any case. */
export function hasBlockedWord(text: string, blocklist: readonly string[]): boolean {
  const words = blocklist.map((w) => w.trim()).filter(Boolean);
  if (!words.length) return false;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "iu");
  return pattern.test(text);
}

/**
 * THE rule of what always holds a review for a moderator, in any moderation setting: a link
 * (http://, https://, www.), a title or text that shouts (over half capitals, from 20 letters),
 * a word of the shop's blocklist. No reasons: the settings decide.
 */
export function holdReasons(review: { title: string; text: string }, blocklist: readonly string[]): HoldReason[] {
  const reasons: HoldReason[] = [];
  const all = `${review.title}\n${review.text}`;
  if (LINK.test(all)) reasons.push("link");
  if (isShouting(review.title) || isShouting(review.text)) reasons.push("capitals");
  if (hasBlockedWord(all, blocklist)) reasons.push("blocklist");
  return reasons;
}
