// The show view's data and actions, shared by the drawer and the record page.
import { DeleteOutlined, EditOutlined, HistoryOutlined } from "@ant-design/icons";
import { type BaseRecord, CanAccess, useDeleteButton, useOne } from "@refinedev/core";
import { Button, Popconfirm, Result, Space } from "antd";
import { useLocation, useNavigate, useParams } from "react-router";
import { useKeyboardConfirm } from "../../components/keyboard-confirm";
import { PageSpinner } from "../../components/page-spinner";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";
import { SCOPE_PARAM, scopeOf } from "../../resource-engine/resource-routes";
import { kindRecordLinks } from "./kind-links";
import { RecordDetails } from "./record-details";
import { recordLink } from "./record-links";
import { isNotFound, RecordNotFound, retryUnlessRefused } from "./record-not-found";
import { canOpen } from "./route-access";

export function useRecord(resource: Resource, id: string | undefined, enabled = true) {
  return useOne<BaseRecord>({
    resource: resource.kind,
    id: id ?? "",
    queryOptions: {
      enabled: enabled && id !== undefined,
      retry: retryUnlessRefused,
      // Never another record's answer while this one loads (the app's default keeps the previous).
      placeholderData: undefined,
    },
  });
}

export function RecordShow({ resource, id, onBack }: { resource: Resource; id: string; onBack: () => void }) {
  const { query, result } = useRecord(resource, id);
  const { [SCOPE_PARAM]: scope } = useParams();
  if (query.isLoading) return <PageSpinner />;
  if (isNotFound(query.error)) return <RecordNotFound resource={resource} onBack={onBack} />;
  if (!result) {
    return <Result status="warning" title={`This ${inSentence(resource.singular)} could not be loaded.`} />;
  }
  // A scoped kind's record shown under another scope's URL (/products/2/5 for a site-1 product).
  if (scope !== undefined && String(scopeOf(resource, result)) !== scope) {
    return <Result status="404" title={`This ${inSentence(resource.singular)} is not in this list.`} />;
  }
  return <RecordDetails resource={resource} record={result} />;
}

interface RecordActionsProps {
  resource: Resource;
  id: string;
  onDeleted: () => void;
}

export function RecordActions({ resource, id, onDeleted }: RecordActionsProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { [SCOPE_PARAM]: scope } = useParams();
  return (
    <Space wrap>
      {kindRecordLinks(resource, id)}
      <CanAccess {...canOpen(resource, "changeLogs", id)}>
        <Button
          icon={<HistoryOutlined />}
          onClick={() => navigate(recordLink(resource, "changeLogs", id, search, scope))}
        >
          Change log
        </Button>
      </CanAccess>
      <CanAccess {...canOpen(resource, "edit", id)}>
        <Button
          type="primary"
          icon={<EditOutlined />}
          onClick={() => navigate(recordLink(resource, "edit", id, search, scope))}
        >
          Edit
        </Button>
      </CanAccess>
      <DeleteRecordButton resource={resource} id={id} onDeleted={onDeleted} />
    </Space>
  );
}

/** Refine's delete button (its access check, mutation and notices) with a question the keyboard reaches. */
function DeleteRecordButton({ resource, id, onDeleted }: RecordActionsProps) {
  const remove = useDeleteButton({ resource: resource.kind, id, onSuccess: onDeleted });
  const { trigger, popconfirm } = useKeyboardConfirm();
  if (remove.hidden) return null;
  return (
    <Popconfirm
      title={`Delete this ${inSentence(resource.singular)}?`}
      okText="Delete"
      okType="danger"
      cancelText={remove.cancelLabel}
      okButtonProps={{ disabled: remove.loading }}
      onConfirm={remove.onConfirm}
      disabled={remove.disabled}
      {...popconfirm}
    >
      <Button
        ref={trigger}
        danger
        loading={remove.loading}
        disabled={remove.disabled}
        icon={<DeleteOutlined />}
        title={remove.title}
        className="refine-delete-button"
      >
        {remove.label}
      </Button>
    </Popconfirm>
  );
}
