import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/storefront-layout.tsx", [
    index("routes/home.tsx"),
    route("product-category/:category?", "routes/product-category.tsx"),
    route("products/:slug", "routes/product.tsx"),
    route("search", "routes/search.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
