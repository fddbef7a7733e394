import { data } from "react-router";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

// Any path no other route matches: a 404 that the storefront layout's error boundary renders.
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });

export default function NotFound() {
  return null;
}
