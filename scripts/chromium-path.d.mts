/** The Chromium the browser tests drive (see chromium-path.mjs). */
export declare function chromiumPath(env?: Record<string, string | undefined>): string;
