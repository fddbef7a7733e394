import { Outlet } from "react-router";

// Placeholder: replaced by the page's real implementation.
export default function Page() {
  return <Outlet />;
}
