import routes from "../../app/routes";

/** A route entry of app/routes.ts as the tests walk it. */
export type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** The route whose own path is `path`, wherever it sits (pathless layouts around it included). */
export function routeWithPath(path: string, entries: RouteEntry[] = routes as RouteEntry[]): RouteEntry | undefined {
  for (const entry of entries) {
    if (entry.path === path) return entry;
    const inside = entry.children && routeWithPath(path, entry.children);
    if (inside) return inside;
  }
  return undefined;
}
