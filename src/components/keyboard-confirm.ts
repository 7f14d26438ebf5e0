// A Popconfirm a keyboard user can answer. antd renders its question at the end of <body>: from the button that
// opened it, Tab went on through the page (and, in a drawer, round the drawer) and never reached Cancel or OK.
// The question's Cancel takes the focus when it opens (the safe answer; Tab reaches OK next), and when it closes
// the focus goes back to its button.
import type { PopconfirmProps } from "antd";
import { useMemo, useRef } from "react";

export function useKeyboardConfirm() {
  const trigger = useRef<HTMLButtonElement>(null);
  const popconfirm = useMemo(
    (): Pick<PopconfirmProps, "cancelButtonProps" | "onOpenChange"> => ({
      cancelButtonProps: { autoFocus: true },
      onOpenChange: (open) => {
        if (!open) trigger.current?.focus();
      },
    }),
    [],
  );
  return { trigger, popconfirm };
}
