import type { HTMLAttributes, ReactNode } from "react";

/**
 * Markup that many pages repeat, rendered once on the server and kept as HTML: a product tile is
 * fifteen elements, the same for every shopper who sees that product with the same heart, and the
 * home page holds 48; the footer and the home page's category grid are the same for everyone.
 * The cache is keyed by everything the markup shows (`key`), so an entry never goes stale: a new
 * price is a new key. The browser renders the same components as ever and hydrates them against
 * this HTML, which React made from them.
 *
 * What goes in must not read React context (it is rendered on its own, outside the page's
 * providers) nor preload a resource (the page's head would not get it).
 */
type RenderToString = (node: ReactNode) => string;

let renderToString: RenderToString | null = null;
const fragments = new Map<string, string>();
/**
 * A tile is about 1.5 KB with its key; the footer's key (settings and categories) is about 10 KB,
 * with one entry per version of them. A few MB at most; the oldest entry goes first.
 */
const MAX_FRAGMENTS = 4_000;

/** Given React's renderToString by the server's entry (app/entry.server.tsx); never in the browser. */
export function renderFragmentsWith(render: RenderToString | null): void {
  renderToString = render;
  fragments.clear();
}

/**
 * The HTML of `content()` for a host element's `dangerouslySetInnerHTML`, from the cache or rendered
 * now; null where fragments are not rendered (the browser, tests without the entry): render
 * `content()` as children instead.
 */
function fragmentHtml(key: string, content: () => ReactNode): string | null {
  if (!renderToString) return null;
  let html = fragments.get(key);
  if (html === undefined) {
    html = renderToString(content());
    if (fragments.size >= MAX_FRAGMENTS) fragments.delete(fragments.keys().next().value!);
    fragments.set(key, html);
  }
  return html;
}

type CachedInsideProps = HTMLAttributes<HTMLElement> & {
  /** The host element, rendered as usual; only its inside comes from the cache. */
  as: "article" | "div" | "ul";
  /** Everything the inside shows (JSON of the props that make it); null: render it in place. */
  cacheKey: string | null;
  inside: () => ReactNode;
};

/**
 * A host element whose inside is the cached HTML on the server (`fragmentHtml`), and is rendered
 * as children everywhere else and when `cacheKey` is null.
 */
export function CachedInside({ as: Host, cacheKey, inside, ...attributes }: CachedInsideProps) {
  const html = cacheKey === null ? null : fragmentHtml(cacheKey, inside);
  return html === null ? <Host {...attributes}>{inside()}</Host> : <Host {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}
