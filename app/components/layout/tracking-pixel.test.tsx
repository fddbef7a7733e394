import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LiveChatScript } from "./live-chat";
import { TrackingPixel, shouldInitPixel } from "./tracking-pixel";

const render = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

describe("tracking pixel", () => {
  it("runs only when the config is active and has a pixel id", () => {
    expect(shouldInitPixel({ pixelId: "123456", status: "active" })).toBe(true);
    expect(shouldInitPixel({ pixelId: "123456", status: "inactive" })).toBe(false);
    expect(shouldInitPixel({ pixelId: "", status: "active" })).toBe(false);
    expect(shouldInitPixel(null)).toBe(false);
  });

  it("renders the noscript image whenever a pixel id exists, active or not", () => {
    for (const status of ["active", "inactive"] as const) {
      const html = render(<TrackingPixel pixel={{ pixelId: "123456", status }} />);
      expect(html).toContain("<noscript>");
      expect(html).toContain("https://www.facebook.com/tr?id=123456&amp;ev=PageView&amp;noscript=1");
    }
  });

  it("renders nothing without a pixel id or when the config failed to load", () => {
    expect(render(<TrackingPixel pixel={{ pixelId: "", status: "active" }} />)).not.toContain("facebook");
    expect(render(<TrackingPixel pixel={null} />)).toBe("");
  });
});

describe("live chat", () => {
  it("puts the configured script on the page, async", () => {
    const html = render(<LiveChatScript embed={{ src: "https://chat.example.com/widget.js" }} />);
    expect(html).toMatch(/<script[^>]*async[^>]*src="https:\/\/chat\.example\.com\/widget\.js"|<script[^>]*src="https:\/\/chat\.example\.com\/widget\.js"[^>]*async/);
  });

  it("ignores a value that is not an http(s) URL", () => {
    expect(render(<LiveChatScript embed={{ src: "javascript:alert(1)" }} />)).toBe("");
  });

  it("a widget that needs configuring first loads from one inline script carrying the page's nonce", () => {
    const html = render(<LiveChatScript embed={{ src: "https://client.crisp.chat/l.js", inline: 'window.$crisp=[];window.CRISP_WEBSITE_ID="x";' }} nonce="n0nce" />);
    expect(html).toContain('nonce="n0nce"');
    expect(html).toContain('window.CRISP_WEBSITE_ID="x";');
    expect(html).toContain('s.src="https://client.crisp.chat/l.js"');
    expect(html).not.toContain("<script async");
  });
});
