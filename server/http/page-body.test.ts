import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pageBody } from "./page-body";

/** Writes as React does: 4 KB views, then flush() when what is ready has been written. */
function writeLikeReact(input: NodeJS.WritableStream & { flush(): void }, text: string) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += 4096) input.write(bytes.subarray(at, at + 4096));
  input.flush();
}

const chunksOf = (output: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  output.on("data", (c: Buffer) => chunks.push(c));
  return chunks;
};

describe("the body React writes a page into", () => {
  const html = `<!DOCTYPE html><html><body>${"<article>a product tile</article>".repeat(5_000)}</body></html>`;

  it("passes each flush on as one chunk, so the page's 4 KB writes do not each go through the web streams", async () => {
    const { input, output } = pageBody(null);
    const chunks = chunksOf(output);
    writeLikeReact(input as never, html);
    expect(chunks).toHaveLength(1);
    writeLikeReact(input as never, "<p>streamed later</p>");
    expect(chunks).toHaveLength(2);
    input.end();
    await new Promise((r) => output.once("end", r));
    expect(Buffer.concat(chunks).toString()).toBe(`${html}<p>streamed later</p>`);
  });

  it("compresses in the coding asked for, and sends what was flushed before the page ends", async () => {
    for (const [coding, decompress] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const { input, output } = pageBody(coding);
      const chunks = chunksOf(output);
      writeLikeReact(input as never, html);
      // The shell arrives whole while the page is still open (a Suspense boundary may stream later).
      const sofar = () => {
        try {
          const finishFlush = coding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
          return decompress(Buffer.concat(chunks), { finishFlush }).toString();
        } catch {
          return "";
        }
      };
      for (let i = 0; i < 100 && sofar() !== html; i++) await new Promise((r) => setTimeout(r, 5));
      expect(sofar()).toBe(html);
      input.end("<p>the end</p>");
      await new Promise((r) => output.once("end", r));
      expect(decompress(Buffer.concat(chunks)).toString()).toBe(`${html}<p>the end</p>`);
    }
  });
});
