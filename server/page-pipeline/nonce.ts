import { randomBytes } from "node:crypto";

/** One page's CSP nonce, handed to the page as `cspNonce` (load-context.ts). */
export interface PageNonce {
  nonce: string;
  /** Gives the page its nonce, and marks it used. */
  cspNonce: () => string;
  /** Whether the page asked for it: only then may its Content-Security-Policy name the nonce instead of 'unsafe-inline'. */
  used: () => boolean;
}

/** A fresh nonce for the inline scripts of one page. */
export function pageNonce(): PageNonce {
  const nonce = randomBytes(16).toString("base64");
  let nonceUsed = false;
  return {
    nonce,
    cspNonce: () => {
      nonceUsed = true;
      return nonce;
    },
    used: () => nonceUsed,
  };
}
