import { useEffect, useState } from "react";

/**
 * Messages the shop left for this shopper, each given once by the server (a product they had in
 * their cart or wishlist was withdrawn: "“X” is no longer available and was removed from your
 * cart."). Shown at the top of whatever storefront page they open next, server-rendered (so also
 * without JavaScript), announced politely, and kept until dismissed while they move around.
 */
export function ShopperNotices({ notices }: { notices: readonly string[] }) {
  const [shown, setShown] = useState<string[]>([...notices]);
  const incoming = notices.join("\n");
  useEffect(() => {
    if (incoming) setShown((current) => [...current, ...incoming.split("\n").filter((n) => !current.includes(n))]);
  }, [incoming]);
  if (shown.length === 0) return null;
  return (
    <div className="container-page pt-4" data-testid="shopper-notices">
      <div role="status" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        <ul className="min-w-0 flex-1 space-y-1">
          {shown.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => setShown([])}
          className="-m-1 shrink-0 rounded-md px-2 py-1 font-semibold text-amber-950 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900"
        >
          Dismiss<span className="sr-only"> {shown.length === 1 ? "this message" : "these messages"}</span>
        </button>
      </div>
    </div>
  );
}
