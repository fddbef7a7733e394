import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs, isRouteErrorResponse, useRouteError } from "react-router";
import { useEffect } from "react";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import "./app.css";

export async function loader({ context }: Route.LoaderArgs) {
  const { content, catalog, env } = context.services;
  const [settings, categories, pixel] = await Promise.all([
    content.getSettings(),
    catalog.listCategories(),
    content.getPixel().catch(() => null),
  ]);
  return { settings, categories, pixel, publicUrl: env.PUBLIC_URL };
}

// Settings and categories change rarely; refetch them only after a form submission.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        {children}
        <Toaster position="top-center" richColors closeButton />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Browser tests wait for this before interacting with client-side behaviour.
    (window as unknown as { __shopHydrated?: boolean }).__shopHydrated = true;
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-2xl font-semibold">{status === 404 ? "Page not found" : "Something went wrong"}</h1>
      <a href="/" className="mt-4 inline-block underline">Back to the shop</a>
    </main>
  );
}
