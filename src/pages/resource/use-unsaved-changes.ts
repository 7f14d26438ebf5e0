// Leaving a changed form asks first. The app's <BrowserRouter> has no route blocker (that needs
// a data router), so the form's own ways out (Cancel, closing the drawer) confirm through this
// hook, and closing or reloading the tab gets the browser's own prompt.
import { App } from "antd";
import { useCallback, useEffect } from "react";

export function useUnsavedChanges(dirty: boolean): (leave: () => void) => void {
  const { modal } = App.useApp();

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return useCallback(
    (leave: () => void) => {
      if (!dirty) return leave();
      modal.confirm({
        title: "Discard unsaved changes?",
        content: "The changes you made in this form will be lost.",
        okText: "Discard",
        okType: "danger",
        cancelText: "Keep editing",
        onOk: leave,
      });
    },
    [dirty, modal],
  );
}
