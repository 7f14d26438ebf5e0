// Create, show and edit of a "drawer" kind: a drawer over the kind's list, opened by the URL
// (/vendors/create, /vendors/12, /vendors/12/edit, keeping the list's query), so a link to it
// works after a reload. Closing returns to the list as it was, the focus to what opened the drawer.
import { Drawer, Grid } from "antd";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { recordTitle } from "../../components/fields/record-title";
import { useReturnFocus } from "../../components/use-return-focus";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";
import { listPath } from "../../resource-engine/resource-routes";
import { drawerWidth } from "./drawer-width";
import { RecordForm } from "./record-form";
import { RecordActions, RecordShow, useRecord } from "./record-show";
import { scopeValues, useScope } from "./scope-title";
import { useUnsavedChanges } from "./use-unsaved-changes";

export interface RecordDrawerProps {
  resource: Resource;
  mode: "create" | "show" | "edit";
}

export default function RecordDrawer({ resource, mode }: RecordDrawerProps) {
  const { id } = useParams();
  const scope = useScope(resource);
  const navigate = useNavigate();
  const { search } = useLocation();
  const screens = Grid.useBreakpoint();
  const [dirty, setDirty] = useState(false);
  const confirmLeave = useUnsavedChanges(dirty);
  const { result: record } = useRecord(resource, id, mode === "show");
  useReturnFocus();

  const toList = () => navigate({ pathname: listPath(resource, scope), search });
  const close = () => confirmLeave(toList);
  const singular = inSentence(resource.singular);
  const title =
    mode === "create"
      ? `Create ${singular}`
      : mode === "edit"
        ? `Edit ${singular}`
        : record
          ? recordTitle(resource, record)
          : resource.singular;

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      width={drawerWidth(resource, screens.md === false)}
      extra={
        // Only for a record that loaded: none for a missing one, none while it loads.
        mode === "show" && id && record ? (
          <RecordActions resource={resource} id={id} onDeleted={toList} />
        ) : undefined
      }
    >
      {mode === "show" && id ? (
        // Details can be taller than the drawer with nothing focusable in them: the keyboard scrolls them from
        // this region (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so keys can scroll it
        <section tabIndex={0} aria-label={title}>
          <RecordShow resource={resource} id={id} onBack={toList} />
        </section>
      ) : (
        <RecordForm
          key={`${mode}:${id ?? ""}`}
          resource={resource}
          action={mode === "edit" ? "edit" : "create"}
          id={id}
          locked={mode === "create" ? scopeValues(resource, scope) : undefined}
          onSaved={toList}
          onCancel={close}
          onDirtyChange={setDirty}
        />
      )}
    </Drawer>
  );
}
