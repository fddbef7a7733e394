/**
 * The path and query of the page a request is for. Loaders and actions see the raw request
 * (future.v8_passThroughRequests), so a data request names its page: `/a.data` is /a, `/a/_.data`
 * is /a/ and `/_.data` or `/_root.data` is / (future.v8_trailingSlashAwareDataRequests), without
 * React Router's `_routes` and the bare `index` it adds for an index route; a page's own `index=…`
 * stays. The sign-in page's way back, and where an action redirects to stay on the same page.
 */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, "").replace(/\/_(root)?$/, "/") || "/";
  url.searchParams.delete("_routes");
  if (url.searchParams.get("index") === "") url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}
