import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
// React's renderer for Bun writes strings, which pageBody gathers: see server/page-pipeline/page-body.ts.
import { renderToPipeableStream, renderToString } from "react-dom/server.bun";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { pageBody } from "#server/page-pipeline/page-body";
import { renderFragmentsWith } from "./lib/html-fragments";
import { NonceContext } from "./lib/nonce";
import { LanguageProvider, type PageLanguage, pageLanguage } from "./lib/i18n";
import { type Language, languageOfPath, localeOf } from "#common/i18n/languages";
import { pageMessagesJson } from "#common/i18n/messages.server";

export const streamTimeout = 5_000;

// Product tiles', the footer's and the category grid's markup, rendered once and reused (app/lib/html-fragments.tsx).
renderFragmentsWith(renderToString);

const pageLanguages = new Map<string, PageLanguage>();

/** A language's messages and translate function, made once per language and locale. */
function languageOfPage(language: Language, locale: string): PageLanguage {
  const key = `${language}|${locale}`;
  let page = pageLanguages.get(key);
  if (!page) {
    page = pageLanguage(language, locale, pageMessagesJson(language));
    pageLanguages.set(key, page);
  }
  return page;
}

/**
 * Renders a page as a stream (bots and SPA mode wait for everything). Every inline script React
 * Router and React emit carries the request's CSP nonce, so the page's policy can drop
 * 'unsafe-inline' for scripts. React writes into `pageBody` (server/page-pipeline/page-body.ts), which
 * passes each of React's flushes on as one chunk, compressed when the server negotiated a coding
 * (`pageCoding`): a few large pieces cost a fraction of React's 4 KB writes one by one.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce?.();
  const coding = loadContext.pageCoding;
  // One page's render per turn of the event loop, so a spike's new connections are accepted (render-queue.ts).
  await loadContext.renderPass?.();

  const language = languageOfPath(new URL(request.url).pathname);
  const shopLocale = (routerContext.staticHandlerContext.loaderData?.root as { settings?: { locale?: string } } | undefined)?.settings?.locale;
  const page = languageOfPage(language, localeOf(language, shopLocale));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <LanguageProvider value={page}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </LanguageProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const { input: body, output } = pageBody(coding);
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html");
          if (coding) {
            responseHeaders.set("Content-Encoding", coding);
            responseHeaders.append("Vary", "Accept-Encoding");
          }
          pipe(body as unknown as NodeJS.WritableStream);
          resolve(new Response(createReadableStreamFromReadable(output), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
