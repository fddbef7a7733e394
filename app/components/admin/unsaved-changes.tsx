import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useT } from "~/lib/i18n";
import { ConfirmDialog } from "./dialog";

/** A location as the blocker compares it: path and query, without the `index` key React Router adds to an index route's form action. */
function addressOf(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete("index");
  params.sort();
  return `${location.pathname.replace(/\/+$/, "")}?${params}`;
}

/**
 * Warns before leaving a form whose changes are not saved (`dirty`): a link or back/forward inside
 * the app is held by React Router's blocker until the ConfirmDialog answers ("Leave page" goes on,
 * "Stay" cancels); reloading or closing the tab gets the browser's own question (beforeunload).
 * The form's own submission (to this address) is never held. Returns the dialog to render: AdminForm
 * with `warnUnsaved` renders it itself.
 */
export function useUnsavedChanges(dirty: boolean): React.ReactNode {
  // Any other address, path or query (a form at ?edit=<id> going back to its list asks too); the
  // form's own submission posts to this address and goes through; a redirect after saving is never
  // held by a blocker.
  const t = useT();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && addressOf(currentLocation) !== addressOf(nextLocation));

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need a return value to ask.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // A blocked navigation whose form got saved meanwhile (or was reset) goes on by itself.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={t("admin.unsaved.title")}
      body={t("admin.unsaved.body")}
      confirmLabel={t("admin.unsaved.leave")}
      cancelLabel={t("admin.unsaved.stay")}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
