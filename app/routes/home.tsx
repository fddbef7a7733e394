import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { products: await context.services.catalog.listNewest(8) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <main><h1>Home</h1><ul>{loaderData.products.map((p) => <li key={p._id}>{p.name}</li>)}</ul></main>;
}
