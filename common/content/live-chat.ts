import { z } from "zod";

/**
 * The live-chat widgets the settings offer, each with what its id looks like and how its script
 * loads. The one place that turns a provider and an id into a script and the hosts the page's
 * Content-Security-Policy must allow (server/http/security.ts), so the two cannot disagree.
 */
export const LIVE_CHAT_PROVIDERS = ["none", "tawk", "crisp", "tidio", "custom"] as const;
export type LiveChatProvider = (typeof LIVE_CHAT_PROVIDERS)[number];

export const LIVE_CHAT_LABELS: Record<LiveChatProvider, { name: string; idLabel: string; idHint: string }> = {
  none: { name: "None", idLabel: "", idHint: "" },
  tawk: {
    name: "Tawk.to",
    idLabel: "Property and widget id",
    idHint: "From Tawk.to's Chat Widget page: the two parts of the script address after embed.tawk.to/, such as 64f1c2a9b7e4d10012345678/1h9abcdef.",
  },
  crisp: {
    name: "Crisp",
    idLabel: "Website id",
    idHint: "From Crisp's Settings → Website settings → Setup: a code such as 7598bf86-9ebb-46bc-8d61-be8929bbf93d.",
  },
  tidio: {
    name: "Tidio",
    idLabel: "Public key",
    idHint: "From Tidio's Settings → Developer: the 32 letters and digits of the script address code.tidio.co/<key>.js.",
  },
  custom: { name: "Another provider (script address)", idLabel: "Script address", idHint: "The https:// address of the provider's widget script." },
};

const ID_RULES: Record<Exclude<LiveChatProvider, "none">, { pattern: RegExp; message: string }> = {
  tawk: {
    pattern: /^[A-Za-z0-9]{6,40}\/[A-Za-z0-9]{3,40}$/,
    message: "Give the property id and the widget id with a slash between them, such as 64f1c2a9b7e4d10012345678/1h9abcdef",
  },
  crisp: {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    message: "A Crisp website id looks like 7598bf86-9ebb-46bc-8d61-be8929bbf93d",
  },
  tidio: { pattern: /^[a-z0-9]{20,64}$/, message: "A Tidio public key is lower-case letters and digits, such as 1a2b3c4d5e6f7g8h9i0jklmnopqrstuv" },
  custom: { pattern: /^https:\/\/[^\s"'<>]+$/, message: "Give the widget script's https:// address" },
};

function parsesAsUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** The live-chat widget of the settings: none, or a provider with its id (for `custom`, the script's https address). */
export const liveChatSchema = z
  .object({
    provider: z.enum(LIVE_CHAT_PROVIDERS, { message: "Choose one of the offered chat providers" }).default("none"),
    id: z.string().trim().max(300).default(""),
  })
  .superRefine((chat, ctx) => {
    if (chat.provider === "none") return;
    const rule = ID_RULES[chat.provider];
    if (!chat.id)
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: `Give the ${LIVE_CHAT_LABELS[chat.provider].idLabel.toLowerCase()} of your ${LIVE_CHAT_LABELS[chat.provider].name} widget`,
      });
    else if (!rule.pattern.test(chat.id) || (chat.provider === "custom" && !parsesAsUrl(chat.id)))
      ctx.addIssue({ code: "custom", path: ["id"], message: rule.message });
  })
  // Nothing to keep of an id once the widget is switched off.
  .transform((chat) => (chat.provider === "none" ? { provider: "none" as const, id: "" } : chat));

export type LiveChat = z.infer<typeof liveChatSchema>;

export const NO_LIVE_CHAT: LiveChat = { provider: "none", id: "" };

/**
 * The widget setting of settings stored before it had a provider: a bare script address
 * (`liveChatScriptUrl`), read as the provider it is from, or as a custom script.
 */
export function liveChatFromScriptUrl(url: unknown): LiveChat {
  if (typeof url !== "string" || !url.trim()) return NO_LIVE_CHAT;
  const src = url.trim();
  const tawk = /^https:\/\/embed\.tawk\.to\/([A-Za-z0-9]+\/[A-Za-z0-9]+)\/?$/.exec(src);
  if (tawk) return { provider: "tawk", id: tawk[1]! };
  const tidio = /^https:\/\/code\.tidio\.co\/([a-z0-9]+)\.js$/.exec(src);
  if (tidio) return { provider: "tidio", id: tidio[1]! };
  // Only an https script can load on the shop's pages; anything else never worked and is dropped.
  return ID_RULES.custom.pattern.test(src) && parsesAsUrl(src) ? { provider: "custom", id: src } : NO_LIVE_CHAT;
}

/** What a page loads for the widget: an async script, perhaps after a small inline one that configures it. */
export interface LiveChatEmbed {
  src: string;
  /** Configuration run before the script (it needs the page's CSP nonce). */
  inline?: string;
}

/** The script (and its inline configuration) of a widget, or null for none. */
export function liveChatEmbed(chat: LiveChat): LiveChatEmbed | null {
  switch (chat.provider) {
    case "tawk":
      return { src: `https://embed.tawk.to/${chat.id}`, inline: "window.Tawk_API=window.Tawk_API||{};window.Tawk_LoadStart=new Date();" };
    case "crisp":
      return { src: "https://client.crisp.chat/l.js", inline: `window.$crisp=[];window.CRISP_WEBSITE_ID=${JSON.stringify(chat.id)};` };
    case "tidio":
      return { src: `https://code.tidio.co/${chat.id}.js` };
    case "custom":
      return { src: chat.id };
    default:
      return null;
  }
}

/** Hosts a widget reaches beyond its script: Tawk.to's and Crisp's sockets and assets, Tidio's. */
const PROVIDER_HOSTS: Partial<Record<LiveChatProvider, { https: string[]; wss: string[] }>> = {
  tawk: { https: ["https://embed.tawk.to", "https://tawk.to", "https://*.tawk.to", "https://cdn.jsdelivr.net"], wss: ["wss://*.tawk.to"] },
  crisp: { https: ["https://client.crisp.chat", "https://*.crisp.chat"], wss: ["wss://client.relay.crisp.chat", "wss://*.relay.crisp.chat"] },
  tidio: { https: ["https://code.tidio.co", "https://*.tidio.co", "https://*.tidiochat.com"], wss: ["wss://*.tidio.co"] },
};

/** The sources the page's Content-Security-Policy allows for the widget (none without one). */
export function liveChatSources(chat: LiveChat): { https: string[]; wss: string[] } {
  const known = PROVIDER_HOSTS[chat.provider];
  if (known) return known;
  if (chat.provider !== "custom") return { https: [], wss: [] };
  // A script of another provider: its host and the sibling hosts of its domain.
  let host: string;
  try {
    host = new URL(chat.id).host;
  } catch {
    return { https: [], wss: [] };
  }
  const labels = host.split(".");
  const domain = labels.length > 2 ? labels.slice(1).join(".") : host;
  return { https: [`https://${host}`, `https://${domain}`, `https://*.${domain}`], wss: [`wss://${host}`, `wss://*.${domain}`] };
}
