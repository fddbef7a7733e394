import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText } from "./rich-text";

describe("rich text", () => {
  it("keeps formatting and drops scripts, handlers and javascript: links", () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">Soft <strong>cotton</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    );
    expect(out).toBe('<p>Soft <strong>cotton</strong></p><a rel="noopener noreferrer nofollow">x</a>');
  });

  it("turns rich text into a short plain description", () => {
    expect(richTextToPlain("<p>Soft   <b>cotton</b></p><ul><li>Machine washable</li></ul>")).toBe("Soft cotton Machine washable");
    expect(richTextToPlain(`<p>${"a".repeat(50)}</p>`, 10)).toBe("aaaaaaaaa…");
  });
});
