/**
 * The live-chat widget's script from the site settings, on every page. React hoists an async
 * script into <head> (already in the server HTML) and loads it once across navigations.
 */
export function LiveChatScript({ src }: { src: string }) {
  if (!/^https?:\/\//.test(src)) return null;
  return <script async src={src} data-testid="live-chat-script" />;
}
