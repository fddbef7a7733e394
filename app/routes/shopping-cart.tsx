/** PLACEHOLDER (issue 4): this page is being built. */
export default function Page() {
  return <div className="mx-auto max-w-3xl px-4 py-16 text-center text-stone-700">Coming soon.</div>;
}
