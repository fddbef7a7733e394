/**
 * Messages the shop left for this shopper, each given once by the server (a product they had in
 * their cart or wishlist was withdrawn: "“X” is no longer available and was removed from your
 * cart."): shown at the top of the cart or wishlist page that took them, server-rendered, so also
 * without JavaScript, and announced politely.
 */
export function ShopperNotices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <div role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="shopper-notices">
      <ul className="space-y-1">
        {notices.map((notice, i) => (
          // Two withdrawn products may share a name: the position tells the messages apart.
          <li key={i}>{notice}</li>
        ))}
      </ul>
    </div>
  );
}
