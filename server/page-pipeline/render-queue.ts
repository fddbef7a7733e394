import { performance } from "node:perf_hooks";
import { type CachedAnswer, toResponse } from "./cached-answer";

/**
 * A bounded queue in front of page renders. Rendering is CPU work on the one event loop: past the
 * server's capacity, more renders at once only make every answer slower and hold more memory
 * (each render keeps its data and markup until it is sent). So at most `concurrency` renders run,
 * at most `maxQueue` wait, and none waits longer than `maxWaitMs`; a render refused or timed out
 * in the queue is told so at once (`Overloaded`) and answered with a quick 503 and Retry-After.
 *
 * Requests can also wait where no queue of ours sees them: on SQLite a whole render runs without
 * yielding (the driver is synchronous), so under a spike the event loop takes the ready requests
 * one after another in one long turn while the rest wait in their sockets, some for many seconds.
 * The first render asked for in a turn of the loop starts its clock (a setImmediate ends the turn);
 * a render asked for after `maxBusyMs` of the turn has waited at least that long unseen, and is refused too, which keeps
 * the turn short and the waits of the accepted ones bounded. While the loop has been busy over
 * 90 % of the last half second and a turn has been asked for more than MANY_IN_ONE_TURN renders,
 * the turn is cut at `maxBusyWhenSaturatedMs`: long turns in a spike leave connections unanswered.
 *
 * Why long turns leave connections unanswered: Node (libuv since 1.45) accepts one new connection
 * per turn of the event loop, so a turn that renders several pages makes every client still
 * connecting wait that long again. On PostgreSQL several renders' data arrive in one poll phase and
 * their React passes would run back to back in one long turn. So a render's
 * pass (React's synchronous render of the page, most of its cost) waits for its turn: one pass per
 * turn of the loop, in its check phase (`pass`), which keeps a turn near one render long.
 */
export class Overloaded extends Error {
  constructor() {
    super("The shop is very busy");
  }
}

/**
 * Renders asked for in one turn of the event loop beyond which a saturated server cuts the turn
 * short: a few clients at capacity wait a few renders each (no shedding); many at once are a spike.
 */
const MANY_IN_ONE_TURN = 3;

/** The longest a streamed page holds its slot, whatever its reader does. */
const HOLD_LIMIT_MS = 30_000;

export interface RenderQueueOptions {
  concurrency?: number;
  maxQueue?: number;
  maxWaitMs?: number;
  /** How long the event loop may have been busy in one turn before a new render is refused. */
  maxBusyMs?: number;
  /** The same while the event loop has been nearly always busy of late (a spike): turns are kept short. */
  maxBusyWhenSaturatedMs?: number;
}

/**
 * The defaults suit one instance on a small machine: 8 renders interleave, 16 more wait. With one
 * render per turn of the loop a waiting render is served in about (running + waiting) renders'
 * time, so a short queue keeps an accepted page's wait short in a spike (docs/decisions).
 */
export function createRenderQueue({
  concurrency = 8,
  maxQueue = 16,
  maxWaitMs = 500,
  maxBusyMs = 1_000,
  maxBusyWhenSaturatedMs = 30,
}: RenderQueueOptions = {}) {
  let running = 0;
  // The current turn of the event loop: when its first render was asked for, and how many since.
  let turnOpen = false;
  let turnStartedAt = 0;
  let askedThisTurn = 0;
  // Whether the event loop was busy more than 90 % of the last half second (measured as renders come).
  let saturated = false;
  let utilization = performance.eventLoopUtilization();
  let utilizationAt = performance.now();
  let shed = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  // Renders waiting for their pass, and whether a check phase will start the next one.
  const passes: Array<() => void> = [];
  let passScheduled = false;
  const startPass = () => {
    passes.shift()?.();
    // A setImmediate made in the check phase runs in the next turn's: one pass per turn.
    if (passes.length) setImmediate(startPass);
    else passScheduled = false;
  };

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
    /**
     * Whether a render asked for now would be refused, decided without the render's request going
     * through the router and middleware (`shopListener`): a refusal is counted as shed. In a spike
     * most requests are refused, and each one answered through the whole chain took the time of
     * the turn the accepted renders were waiting for. A request let through is judged again by `run`.
     */
    refuseEarly(): boolean {
      const now = performance.now();
      measureSaturation(now);
      if (!refusing(now, turnOpen ? askedThisTurn + 1 : 1, turnOpen ? turnStartedAt : now)) return false;
      shed += 1;
      return true;
    },
    /**
     * Resolves when this render may make its pass (React's render of the page, called right after):
     * in the check phase of this turn of the event loop when no other pass is waiting, otherwise
     * in a later turn's, one pass per turn, in the order asked.
     */
    pass(): Promise<void> {
      return new Promise((resolve) => {
        passes.push(resolve);
        if (!passScheduled) {
          passScheduled = true;
          setImmediate(startPass);
        }
      });
    },
    /**
     * Runs a render in a slot. A page streams: most of its rendering happens while its body is
     * read, after `work` has returned the response, so the slot is held until the body has been
     * read to its end (or the reader went away), not merely until the response exists.
     */
    async run<T extends Response | { res: Response }>(work: () => Promise<T>): Promise<T> {
      await acquire();
      let result: T;
      try {
        result = await work();
      } catch (err) {
        release();
        throw err;
      }
      const res = result instanceof Response ? result : result.res;
      if (!res.body) {
        release();
        return result;
      }
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        clearTimeout(limit);
        release();
      };
      // A body nobody reads nor cancels must not hold its slot for ever.
      const limit = setTimeout(done, HOLD_LIMIT_MS);
      limit.unref();
      const reader = res.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { value, done: end } = await reader.read();
            if (end) {
              done();
              controller.close();
            } else controller.enqueue(value);
          } catch (err) {
            done();
            controller.error(err);
          }
        },
        cancel(reason) {
          done();
          return reader.cancel(reason);
        },
      });
      const wrapped = new Response(body, res);
      return (result instanceof Response ? wrapped : { ...result, res: wrapped }) as T;
    },
  };

  /** Whether a render asked for now, as the turn's `asked`-th, is refused (the one rule for `run` and `refuseEarly`). */
  function refusing(now: number, asked: number, turnStarted: number): boolean {
    if (now - turnStarted > (saturated && asked > MANY_IN_ONE_TURN ? maxBusyWhenSaturatedMs : maxBusyMs)) return true;
    return running >= concurrency && waiting.length >= maxQueue;
  }

  function measureSaturation(now: number) {
    if (now - utilizationAt >= 500) {
      const current = performance.eventLoopUtilization();
      saturated = performance.eventLoopUtilization(current, utilization).utilization > 0.9;
      utilization = current;
      utilizationAt = now;
    }
  }

  async function acquire(): Promise<void> {
    const now = performance.now();
    measureSaturation(now);
    if (!turnOpen) {
      // The turn ends when the loop reaches its check phase.
      turnOpen = true;
      turnStartedAt = now;
      askedThisTurn = 0;
      setImmediate(() => (turnOpen = false));
    }
    askedThisTurn += 1;
    if (refusing(now, askedThisTurn, turnStartedAt)) {
      shed += 1;
      throw new Overloaded();
    }
    if (running >= concurrency) {
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
  }
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;

const OVERLOADED_HTML = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Busy right now</title></head><body><main><h1>We are very busy right now</h1>" +
    "<p>Too many people are shopping at this moment. Please try again in a few seconds.</p></main></body></html>",
);

/**
 * The quick answer of a page the server has no room to render now, with the given headers (the
 * request id, security headers). Its length is given, so the compression middleware leaves its
 * few hundred bytes alone: compressing each one through a new gzip stream was a quarter of the
 * server's CPU in a spike, taken from the renders it protects.
 */
export function overloadedAnswer(headers: Record<string, string> = {}, retryAfterSeconds = 2): CachedAnswer {
  return {
    status: 503,
    headers: {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "content-length": String(OVERLOADED_HTML.byteLength),
      "retry-after": String(retryAfterSeconds),
      "cache-control": "no-store",
    },
    body: OVERLOADED_HTML,
  };
}

/** The same as a fetch Response (Hono's chain, in-process tests). */
export function overloadedPage(retryAfterSeconds = 2): Response {
  return toResponse(overloadedAnswer({}, retryAfterSeconds));
}
