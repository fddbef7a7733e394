import type { Readable, Writable } from "node:stream";
/** What `npm start` prints for one line the server wrote; null hides it. */
export declare function describeServerLine(line: string): string | null;
/** Runs a command with its output kept in `logFile`; resolves with its exit code. */
export declare function runQuietly(command: string, args: string[], options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string }): Promise<number>;
/** The lines of a quiet run's log worth showing when it failed. */
export declare function failedOutput(logFile: string): string;
/** Passes each line of a child's output through `describeServerLine` to `to`. */
export declare function describeStream(from: Readable, to: Writable): void;
