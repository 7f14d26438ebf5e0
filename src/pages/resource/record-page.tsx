// Create, show and edit of a "routes" kind as pages of their own (/attributes/create,
// /attributes/12, /attributes/12/edit). A scoped kind's pages live under the scope
// (/products/{site_id}/create, /products/{site_id}/{id}): the way back is the scope's list, and a
// new record gets the scope's value, shown locked.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card, Flex, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { recordTitle } from "../../components/fields/record-title";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";
import { listPath, recordPath, scopeOf } from "../../resource-engine/resource-routes";
import { RecordForm } from "./record-form";
import { RecordActions, RecordShow, useRecord } from "./record-show";
import { scopeValues, useScope, useScopeTitle } from "./scope-title";
import { useUnsavedChanges } from "./use-unsaved-changes";

export interface RecordPageProps {
  resource: Resource;
  mode: "create" | "show" | "edit";
}

export default function RecordPage({ resource, mode }: RecordPageProps) {
  const { id } = useParams();
  const scope = useScope(resource);
  const scopeTitle = useScopeTitle(resource, scope);
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const confirmLeave = useUnsavedChanges(dirty);
  const { result: record } = useRecord(resource, id, mode === "show");
  const list = listPath(resource, scope);
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
    <>
      <Link to={list}>
        <ArrowLeftOutlined /> {scopeTitle ? `${resource.label} · ${scopeTitle}` : resource.label}
      </Link>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: "8px 0 16px" }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {/* Only for a record that loaded: none for a missing one, none while it loads. */}
        {mode === "show" && id && record && (
          <RecordActions resource={resource} id={id} onDeleted={() => navigate(list)} />
        )}
      </Flex>
      <Card>
        {mode === "show" && id ? (
          <RecordShow resource={resource} id={id} onBack={() => navigate(list)} />
        ) : (
          <RecordForm
            key={`${mode}:${id ?? ""}`}
            resource={resource}
            action={mode === "edit" ? "edit" : "create"}
            id={id}
            locked={mode === "create" ? scopeValues(resource, scope) : undefined}
            onSaved={(saved) =>
              navigate(
                saved.id === undefined
                  ? list
                  : recordPath(resource, "show", saved.id, scopeOf(resource, saved) ?? scope),
              )
            }
            onCancel={() => confirmLeave(() => navigate(id ? recordPath(resource, "show", id, scope) : list))}
            onDirtyChange={setDirty}
          />
        )}
      </Card>
    </>
  );
}
