import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LiveChatScript } from "./live-chat";
import { isPixelActive as shouldInitPixel } from "#common/content/pixel-active";
import { pixelEvent } from "~/lib/facebook-pixel";
import { TrackingPixel } from "./tracking-pixel";

const render = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

describe("tracking pixel", () => {
  it("runs only when the config is active and has a pixel id", () => {
    expect(shouldInitPixel({ pixelId: "123456", status: "active" })).toBe(true);
    expect(shouldInitPixel({ pixelId: "123456", status: "inactive" })).toBe(false);
    expect(shouldInitPixel({ pixelId: "", status: "active" })).toBe(false);
    expect(shouldInitPixel(null)).toBe(false);
  });

  it("renders the noscript image (a no-JS visitor's PageView) only while the pixel is active with an id", () => {
    const html = render(<TrackingPixel pixel={{ pixelId: "123456", status: "active" }} />);
    expect(html).toContain("<noscript>");
    expect(html).toContain("https://www.facebook.com/tr?id=123456&amp;ev=PageView&amp;noscript=1");
    // The spec renders it for any id, but then a switched-off pixel would still report every no-JS
    // visit to Facebook: the page's CSP lets pictures come from any https host (profile pictures),
    // so nothing else would stop it (docs/decisions/0030).
    expect(render(<TrackingPixel pixel={{ pixelId: "123456", status: "inactive" }} />)).toBe("");
  });

  it("is not in the admin area: staff at work are never reported", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/admin-dashboard/orders"]}>
        <TrackingPixel pixel={{ pixelId: "123456", status: "active" }} />
      </MemoryRouter>,
    );
    expect(html).toBe("");
  });

  it("renders nothing without a pixel id or when the config failed to load", () => {
    expect(render(<TrackingPixel pixel={{ pixelId: "", status: "active" }} />)).toBe("");
    expect(render(<TrackingPixel pixel={null} />)).toBe("");
  });

  it("sends the shopping events as Facebook's standard events, shaped as Shopify's integration sends them", () => {
    expect(pixelEvent({ type: "product_view", productId: "p1", name: "Linen shirt", value: 39.5, currency: "EUR" })).toEqual([
      "ViewContent",
      { value: 39.5, currency: "EUR", content_ids: ["p1"], content_name: "Linen shirt", content_type: "product" },
    ]);
    expect(pixelEvent({ type: "add_to_cart", productId: "p1", name: "Linen shirt", quantity: 2, value: 79, currency: "EUR" })).toEqual([
      "AddToCart",
      { value: 79, currency: "EUR", content_ids: ["p1"], content_name: "Linen shirt", content_type: "product", contents: [{ id: "p1", quantity: 2 }] },
    ]);
    expect(pixelEvent({ type: "checkout_started", value: 84, currency: "EUR", items: 2 })).toEqual([
      "InitiateCheckout",
      { value: 84, currency: "EUR", num_items: 2, content_type: "product" },
    ]);
    // The order id is the Purchase's eventID: Facebook counts a reloaded confirmation once.
    expect(pixelEvent({ type: "order_placed", orderId: "o-42", value: 84, currency: "EUR", items: 2 })).toEqual([
      "Purchase",
      { value: 84, currency: "EUR", num_items: 2, content_type: "product" },
      { eventID: "o-42" },
    ]);
  });
});

describe("live chat", () => {
  it("puts the configured script on the page, async", () => {
    const html = render(<LiveChatScript embed={{ src: "https://chat.example.com/widget.js" }} />);
    expect(html).toMatch(
      /<script[^>]*async[^>]*src="https:\/\/chat\.example\.com\/widget\.js"|<script[^>]*src="https:\/\/chat\.example\.com\/widget\.js"[^>]*async/,
    );
  });

  it("ignores a value that is not an http(s) URL", () => {
    expect(render(<LiveChatScript embed={{ src: "javascript:alert(1)" }} />)).toBe("");
  });

  it("a widget that needs configuring first loads from one inline script carrying the page's nonce", () => {
    const html = render(
      <LiveChatScript embed={{ src: "https://client.crisp.chat/l.js", inline: 'window.$crisp=[];window.CRISP_WEBSITE_ID="x";' }} nonce="n0nce" />,
    );
    expect(html).toContain('nonce="n0nce"');
    expect(html).toContain('window.CRISP_WEBSITE_ID="x";');
    expect(html).toContain('s.src="https://client.crisp.chat/l.js"');
    expect(html).not.toContain("<script async");
  });
});
