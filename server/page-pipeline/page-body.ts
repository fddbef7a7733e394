import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import { type ContentCoding, compressingStream } from "./compression";

/**
 * Where React writes a page (app/entry.server.tsx), and the bytes that come out of it.
 *
 * React's renderer for Bun (`react-dom/server.bun`, plain JavaScript that runs as well in Node)
 * writes the page as the strings it is made of, a few thousand of them for the home page.
 * They are gathered here until React's `flush()`, which it calls when it has written what is
 * ready, and go on as one string encoded once. React's Node build instead encodes every piece
 * into 4 KB views itself, one native call and one view object a piece, a large share of a page's
 * server CPU (docs/decisions/0035). One chunk per flush also spares the web streams after this
 * (the Response's body, the render queue's, Hono's writer) and the socket a pass per 4 KB.
 *
 * With a coding, the gathered bytes are compressed and the compressor is flushed too, so a page
 * that streams (a Suspense boundary) still reaches the browser as React sends it.
 */
export function pageBody(coding: ContentCoding | null | undefined): { input: PageSink; output: Readable } {
  if (!coding) {
    const plain = new Readable({ read() {} });
    return {
      input: new PageSink(
        plain,
        (bytes) => plain.push(bytes),
        () => plain.push(null),
      ),
      output: plain,
    };
  }
  const compressor = compressingStream(coding);
  const send = (bytes: Buffer) => {
    compressor.write(bytes);
    compressor.flush();
  };
  return { input: new PageSink(compressor, send, () => compressor.end()), output: compressor };
}

/**
 * The destination React's string renderer pipes into: `write` keeps a piece, `flush` sends what
 * was kept (compressed and flushed from the compressor, with a coding), `end` sends the rest and
 * ends the page. It emits "close" when the page's readers are
 * gone, which makes React abort the render.
 */
export class PageSink extends EventEmitter {
  /** What was written since the last flush: `+=` makes a rope of the pieces, flattened once when encoded. */
  private text = "";
  /** Binary pieces (React writes none for a page) with the text before them, in order. */
  private bytes: Buffer[] = [];
  private ended = false;
  constructor(
    private readonly out: Readable,
    private readonly send: (bytes: Buffer) => void,
    private readonly finish: () => void,
  ) {
    super();
    out.once("close", () => {
      this.ended = true;
      this.text = "";
      this.bytes = [];
      this.emit("close");
    });
  }

  write(chunk: string | Uint8Array): boolean {
    if (this.ended) return false;
    if (typeof chunk === "string") {
      this.text += chunk;
    } else {
      if (this.text) this.bytes.push(Buffer.from(this.text));
      this.text = "";
      this.bytes.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    return true;
  }

  /** Called by React after each pass of writing: what was gathered goes on as one chunk. */
  flush(): void {
    let bytes = Buffer.from(this.text);
    if (this.bytes.length > 0) bytes = Buffer.concat([...this.bytes, bytes]);
    this.text = "";
    this.bytes = [];
    if (bytes.length > 0) this.send(bytes);
  }

  end(chunk?: string | Uint8Array): void {
    if (this.ended) return;
    if (chunk !== undefined) this.write(chunk);
    this.flush();
    this.ended = true;
    this.finish();
    this.emit("finish");
  }

  /** React's way of giving up on a page it could not finish. */
  destroy(error?: Error): void {
    this.ended = true;
    this.text = "";
    this.bytes = [];
    this.out.destroy(error);
  }
}
