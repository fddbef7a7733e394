import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "./logger";
import type { Epoch } from "./cache";

const CHANNEL = "shop_data_epoch";

export interface EpochRelayOptions {
  /** The PostgreSQL database every instance shares. */
  url: string;
  epoch: Epoch;
  logger: Logger;
}

/**
 * Carries data writes between instances of the shop on one PostgreSQL database: each write that
 * bumps this instance's data epoch sends a NOTIFY (after its commit, as every bump is), and each
 * instance LISTENs on its own connection and follows the others' bumps, so their read and page
 * caches drop what they hold within a round trip instead of at the end of their time limit.
 * Bumps made while a notice is on its way are sent as one. A lost listening connection is opened
 * again after a second, and the epoch followed once then, for what it may have missed.
 */
export function startEpochRelay({ url, epoch, logger }: EpochRelayOptions) {
  const instance = randomUUID();
  const sender = new pg.Pool({ connectionString: url, max: 1 });
  sender.on("error", (err) => logger.warn({ err }, "epoch relay: the notifying connection was lost"));
  let sending = false;
  let again = false;
  let stopped = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  async function send() {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      do {
        again = false;
        await sender
          .query("SELECT pg_notify($1, $2)", [CHANNEL, instance])
          .catch((err) => logger.warn({ err }, "epoch relay: could not notify the other instances"));
      } while (again && !stopped);
    } finally {
      sending = false;
    }
  }
  const unsubscribe = epoch.onBump(() => {
    if (!stopped) void send();
  });

  async function listen(first: boolean) {
    const client = new pg.Client({ connectionString: url });
    const lost = (err?: Error) => {
      if (listener !== client) return;
      listener = null;
      if (err) logger.warn({ err }, "epoch relay: the listening connection was lost; opening it again in a second");
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void listen(false), 1_000);
    };
    listener = client;
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload !== instance) epoch.follow();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (!first) epoch.follow();
    } catch (err) {
      lost(err as Error);
    }
  }

  const ready = listen(true);
  return {
    /** Resolves once the first LISTEN is in place. */
    ready,
    async stop() {
      stopped = true;
      unsubscribe();
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}

export type EpochRelay = ReturnType<typeof startEpochRelay>;
