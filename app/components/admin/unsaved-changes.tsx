import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./dialog";

/**
 * Warns before leaving a form whose changes are not saved (`dirty`): a link or back/forward inside
 * the app is held by React Router's blocker until the ConfirmDialog answers ("Leave page" goes on,
 * "Stay" cancels); reloading or closing the tab gets the browser's own question (beforeunload).
 * The form's own submission (same path) is never held. Returns the dialog to render: AdminForm
 * with `warnUnsaved` renders it itself.
 */
export function useUnsavedChanges(dirty: boolean): React.ReactNode {
  // Another page only: the form's own submission (same path, maybe `?index`) goes through, and a
  // redirect after saving is never held by a blocker.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

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
      title="Leave without saving?"
      body="Your changes on this page have not been saved. If you leave now, they are lost."
      confirmLabel="Leave page"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
