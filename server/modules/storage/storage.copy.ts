import { isObjectKey } from "./object-keys";
import type { ObjectStore } from "./storage.types";

export interface CopyReport {
  /** Objects written to the target. */
  copied: number;
  /** Objects the target had already, at the same size. */
  skipped: number;
  /** Objects that could not be copied, with why (the copy goes on without them). */
  failed: Array<{ key: string; message: string }>;
  /** Files of the source that are not objects (names the store refuses): left where they are. */
  ignored: string[];
  bytes: number;
}

/**
 * Copies every object of one store into another, a few at a time; an object the target already
 * holds at the same size is skipped, so a copy that stopped half-way is finished by running it again.
 */
export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  options: { concurrency?: number; onCopied?: (key: string) => void } = {},
): Promise<CopyReport> {
  const [source, target] = await Promise.all([from.list(""), to.list("")]);
  const have = new Map(target.map((o) => [o.key, o.size]));
  const report: CopyReport = { copied: 0, skipped: 0, failed: [], ignored: [], bytes: 0 };
  const queue = source.filter((o) => {
    if (!isObjectKey(o.key)) {
      report.ignored.push(o.key);
      return false;
    }
    if (have.get(o.key) === o.size) {
      report.skipped++;
      return false;
    }
    return true;
  });
  const worker = async () => {
    for (let o = queue.shift(); o; o = queue.shift()) {
      try {
        const body = await from.get(o.key);
        if (!body) continue; // deleted since the listing
        await to.put(o.key, body);
        report.copied++;
        report.bytes += body.length;
        options.onCopied?.(o.key);
      } catch (error) {
        report.failed.push({ key: o.key, message: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return report;
}
