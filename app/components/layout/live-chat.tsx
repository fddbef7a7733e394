import type { LiveChatEmbed } from "#common/content/live-chat";

/**
 * The live-chat widget of the site settings, on every page (the root loader derives `embed` from
 * the provider and id: common/content/live-chat.ts). A widget that needs configuration
 * first (Crisp, Tawk.to) gets one inline script, carrying the page's CSP nonce, that sets it and
 * then adds the widget's script; others are an async script, which React hoists into <head>. The
 * root stays mounted across navigations, so either loads once.
 */
export function LiveChatScript({ embed, nonce }: { embed: LiveChatEmbed; nonce?: string }) {
  if (!/^https?:\/\//.test(embed.src)) return null;
  if (!embed.inline) return <script async src={embed.src} data-testid="live-chat-script" />;
  const loader = `${embed.inline}(function(d){var s=d.createElement("script");s.src=${JSON.stringify(embed.src)};s.async=true;s.setAttribute("data-testid","live-chat-script");d.head.appendChild(s);})(document);`;
  // "<" never appears in a provider's id, but an inline script must not be closable from data.
  return <script nonce={nonce} data-testid="live-chat-loader" dangerouslySetInnerHTML={{ __html: loader.replace(/</g, "\\u003c") }} />;
}
