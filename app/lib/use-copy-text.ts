import { useState } from "react";

/** Copying a text to the clipboard from a button: `copy()` and what came of it (for a status line beside the button). */
export function useCopyText(text: string): { copy: () => Promise<void>; state: "idle" | "copied" | "failed" } {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return { copy, state };
}
