import { PassThrough } from "node:stream";
import { brotliDecompressSync } from "node:zlib";
import { Suspense, use, useId } from "react";
import { preload } from "react-dom";
import { renderToPipeableStream as renderWithBunBuild } from "react-dom/server.bun";
import { renderToPipeableStream as renderWithNodeBuild } from "react-dom/server.node";
import { describe, expect, it } from "vitest";
import { pageBody } from "./page-body";

/**
 * app/entry.server.tsx renders pages with React's build for Bun, whose writes are strings that
 * pageBody gathers (docs/decisions/0035). These check, against React's Node build, that it gives
 * the same page in Node: the shell, a boundary that streams in later, preloads, ids and a nonce.
 */
function Page({ later }: { later: Promise<string> }) {
  const id = useId();
  preload("/uploads/banner-1280.avif", { as: "image", fetchPriority: "high", type: "image/avif" });
  return (
    <html lang="en">
      <head>
        <title>Crème brûlée — 12,50 €</title>
      </head>
      <body>
        <label htmlFor={id}>Search</label>
        <input id={id} name="q" defaultValue={'"quoted" & <escaped>'} />
        <ul>
          {Array.from({ length: 300 }, (_, i) => (
            <li key={i} className="card" data-i={i}>
              {`Tile ${i} 🍰`}
            </li>
          ))}
        </ul>
        <Suspense fallback={<p>Loading…</p>}>
          <Later later={later} />
        </Suspense>
      </body>
    </html>
  );
}

function Later({ later }: { later: Promise<string> }) {
  return <p>{use(later)}</p>;
}

type Render = typeof renderWithNodeBuild;

function renderPage(render: Render, into: (pipe: (w: NodeJS.WritableStream) => void) => Promise<string>): Promise<string> {
  let resolveLater!: (text: string) => void;
  const later = new Promise<string>((r) => (resolveLater = r));
  return new Promise((resolve, reject) => {
    const { pipe } = render(<Page later={later} />, {
      nonce: "n0nce",
      bootstrapScriptContent: "window.booted = true",
      onShellReady() {
        into(pipe).then(resolve, reject);
        setTimeout(() => resolveLater("Arrived later, with “quotes”"), 20);
      },
      onShellError: reject,
    });
  });
}

const collect = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });

describe("the page renderer", () => {
  it("writes, through pageBody, the same page as React's Node build, streamed boundary included", async () => {
    const expected = await renderPage(renderWithNodeBuild, async (pipe) => {
      const out = new PassThrough();
      pipe(out);
      return (await collect(out)).toString();
    });
    expect(expected).toContain("Arrived later");
    expect(expected).toContain('nonce="n0nce"');

    const plain = await renderPage(renderWithBunBuild, async (pipe) => {
      const { input, output } = pageBody(null);
      pipe(input as unknown as NodeJS.WritableStream);
      return (await collect(output)).toString();
    });
    expect(plain).toBe(expected);

    const brotli = await renderPage(renderWithBunBuild, async (pipe) => {
      const { input, output } = pageBody("br");
      pipe(input as unknown as NodeJS.WritableStream);
      return brotliDecompressSync(await collect(output)).toString();
    });
    expect(brotli).toBe(expected);
  });
});
