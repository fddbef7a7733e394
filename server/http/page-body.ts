import { type Readable, Transform, type TransformCallback } from "node:stream";
import { type ContentCoding, compressingStream } from "./compression";

/**
 * The stream React writes a page into (app/entry.server.tsx). React writes its HTML in 4 KB views
 * and calls `flush()` when it has written what is ready; the page's bytes then go through three
 * web streams (the Response's body, the render queue's, Hono's writer) and a socket write, each of
 * them per chunk. Gathered here until the flush, the home page's 170 KB are one chunk instead of
 * about 43. With a coding, the gathered bytes are compressed, and the compressor is flushed too,
 * so a page that streams (a Suspense boundary) still reaches the browser as React sends it.
 */
export function pageBody(coding: ContentCoding | null | undefined): { input: Transform; output: Readable } {
  const input = new GatheringStream();
  if (!coding) return { input, output: input };
  const compressor = compressingStream(coding);
  input.pipe(compressor);
  input.afterFlush = () => compressor.flush();
  return { input, output: compressor };
}

class GatheringStream extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  afterFlush: (() => void) | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.parts.push(chunk);
    this.size += chunk.length;
    done();
  }

  /** Called by React after each pass of writing: what was gathered goes on as one chunk. */
  flush() {
    if (this.size === 0) return;
    const chunk = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    this.push(chunk);
    this.afterFlush?.();
  }

  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }
}
