// The show view's data and actions, shared by the drawer and the record page.
import { EditOutlined, HistoryOutlined } from "@ant-design/icons";
import { DeleteButton } from "@refinedev/antd";
import { type BaseRecord, CanAccess, useOne } from "@refinedev/core";
import { Button, Result, Space, Spin } from "antd";
import { useLocation, useNavigate, useParams } from "react-router";
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
  if (query.isLoading) return <Spin style={{ display: "block", padding: 48 }} aria-label="Loading" />;
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

export function RecordActions({
  resource,
  id,
  onDeleted,
}: {
  resource: Resource;
  id: string;
  onDeleted: () => void;
}) {
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
      <DeleteButton
        resource={resource.kind}
        recordItemId={id}
        confirmTitle={`Delete this ${inSentence(resource.singular)}?`}
        confirmOkText="Delete"
        onSuccess={onDeleted}
      />
    </Space>
  );
}
