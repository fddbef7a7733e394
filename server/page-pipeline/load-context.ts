import type { SessionUser } from "../auth/auth.service";
import type { Services } from "../wiring/services";
import type { ContentCoding } from "./compression";

// What every loader and action receives as `context` (render-page.ts builds it for each page). No
// file imports this one: TypeScript reads it as part of the project (tsconfig.json includes all).
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    clientIp: string;
    requestId: string;
    /** The signed-in user of this request (resolved once per request), or null. */
    user: SessionUser | null;
    /**
     * The nonce of this page's inline scripts. Calling it switches the page's Content-Security-Policy
     * from 'unsafe-inline' to this nonce, so call it only where every inline script gets it:
     * `<Scripts nonce>`, `<ScrollRestoration nonce>`, `<ServerRouter nonce>` and
     * `renderToPipeableStream(…, { nonce })` in app/entry.server.tsx.
     */
    cspNonce: () => string;
    /** The coding app/entry.server.tsx compresses this page with as it renders (the client accepts it), or none. */
    pageCoding?: ContentCoding | null;
    /** Resolves when this page's React render may run (one render per turn of the event loop: render-queue.ts); none in tests without a queue. */
    renderPass?: () => Promise<void>;
  }
  // future.v8_middleware: loaders get a RouterContextProvider; ours carries the same fields (render-page.ts).
  interface RouterContextProvider extends AppLoadContext {}
}
