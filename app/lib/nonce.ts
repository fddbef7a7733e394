import { createContext, useContext } from "react";

/** The page's Content-Security-Policy nonce, provided during server rendering (undefined in the browser). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
