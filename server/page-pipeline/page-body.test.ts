import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type PageSink, pageBody } from "./page-body";

/** Writes as React's string renderer does: the page's pieces, then flush() when what is ready has been written. */
function writeLikeReact(input: PageSink, text: string) {
  for (let at = 0; at < text.length; at += 37) input.write(text.slice(at, at + 37));
  input.flush();
}

const chunksOf = (output: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  output.on("data", (c: Buffer) => chunks.push(c));
  return chunks;
};

describe("the body React writes a page into", () => {
  const html = `<!DOCTYPE html><html><body>${"<article>a product tile</article>".repeat(5_000)}</body></html>`;

  it("passes each flush on as one chunk, so the page's pieces do not each go through the web streams", async () => {
    const { input, output } = pageBody(null);
    const chunks = chunksOf(output);
    writeLikeReact(input, html);
    await new Promise((r) => setImmediate(r));
    expect(chunks).toHaveLength(1);
    writeLikeReact(input, "<p>streamed later</p>");
    await new Promise((r) => setImmediate(r));
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
      writeLikeReact(input, html);
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

  it("encodes what is not ASCII once, whole, and keeps binary pieces in their place", async () => {
    const { input, output } = pageBody(null);
    const chunks = chunksOf(output);
    input.write("<p>Crème brûlée ");
    input.write(Buffer.from("— 12,50 €"));
    input.write(" 🍰</p>");
    input.end();
    await new Promise((r) => output.once("end", r));
    expect(chunks).toHaveLength(1);
    expect(Buffer.concat(chunks).toString()).toBe("<p>Crème brûlée — 12,50 € 🍰</p>");
  });

  it("tells React when the page's reader has gone, so it stops rendering", async () => {
    for (const coding of [null, "br"] as const) {
      const { input, output } = pageBody(coding);
      const closed = new Promise((r) => input.once("close", r));
      input.write("<p>half a page");
      input.flush();
      output.destroy();
      await expect(closed).resolves.toBeUndefined();
      // Writes after that are refused, not buffered for nobody.
      expect(input.write("more")).toBe(false);
    }
  });
});
