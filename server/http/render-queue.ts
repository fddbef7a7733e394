/**
 * A bounded queue in front of page renders. Rendering is CPU work on the one event loop: past the
 * server's capacity, more renders at once only make every answer slower and hold more memory
 * (each render keeps its data and markup until it is sent). So at most `concurrency` renders run,
 * at most `maxQueue` wait, and none waits longer than `maxWaitMs`; a render refused or timed out
 * in the queue is told so at once (`Overloaded`) and answered with a quick 503 and Retry-After.
 */
export class Overloaded extends Error {
  constructor() {
    super("The shop is very busy");
  }
}

export interface RenderQueueOptions {
  concurrency?: number;
  maxQueue?: number;
  maxWaitMs?: number;
}

export function createRenderQueue({ concurrency = 16, maxQueue = 128, maxWaitMs = 1_500 }: RenderQueueOptions = {}) {
  let running = 0;
  let shed = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  return {
    /** Answers refused since the start (for logs and the bench). */
    get shed() {
      return shed;
    },
    get running() {
      return running;
    },
    get queued() {
      return waiting.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxQueue) {
          shed += 1;
          throw new Overloaded();
        }
        await new Promise<void>((resolve, reject) => {
          const entry = {
            start: () => resolve(),
            timer: setTimeout(() => {
              waiting.splice(waiting.indexOf(entry), 1);
              shed += 1;
              reject(new Overloaded());
            }, maxWaitMs),
          };
          waiting.push(entry);
        });
      }
      running += 1;
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;

/** The quick answer of a page the server has no room to render now. */
export function overloadedPage(retryAfterSeconds = 2): Response {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Busy right now</title></head><body><main><h1>We are very busy right now</h1>" +
    `<p>Too many people are shopping at this moment. Please try again in a few seconds.</p></main></body></html>`;
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8", "retry-after": String(retryAfterSeconds), "cache-control": "no-store" } });
}
