// Create and edit form of a declared kind, laid out from its `form` rows (one column on
// phones). An update sends only the changed fields plus the `version` it read. The server's
// field errors land on their fields (Refine's useForm); a stale version (409) keeps the
// user's input and offers to rebase it onto the latest record.
import { useForm } from "@refinedev/antd";
import { type BaseRecord, type HttpError, useDataProvider, useInvalidate } from "@refinedev/core";
import { Button, Col, Flex, Form, Result, Row, Spin } from "antd";
import { useState } from "react";
import { FieldFormItem } from "../../components/fields/field-input";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";
import { inSentence } from "../../resource-engine/list-query";
import {
  changedValues,
  defaultValues,
  rebase,
  type ServerChange,
  toFormValues,
  toPayload,
  type Values,
} from "../../resource-engine/record-values";
import { ConflictAlert } from "./conflict-alert";

export interface RecordFormProps {
  resource: Resource;
  action: "create" | "edit";
  id?: string;
  onSaved: (record: BaseRecord) => void;
  onCancel: () => void;
  /** Told whenever the form gains or loses unsaved changes (the drawer asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
}

const span = (row: string[]) => Math.max(6, Math.floor(24 / row.length));

function withoutEmpty(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
}

export function RecordForm({ resource, action, id, onSaved, onCancel, onDirtyChange }: RecordFormProps) {
  const [conflict, setConflict] = useState<string>();
  const [changes, setChanges] = useState<ServerChange[]>();
  // After a reload: the latest record, which the next save diffs against and takes the version of.
  const [rebased, setRebased] = useState<BaseRecord>();
  const [reloading, setReloading] = useState(false);
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();

  const setDirty = (dirty: boolean) => onDirtyChange?.(dirty);

  const { formProps, form, saveButtonProps, query, onFinish, mutation } = useForm<
    BaseRecord,
    HttpError,
    Values
  >({
    resource: resource.kind,
    action,
    id,
    redirect: false,
    mutationMode: "pessimistic",
    warnWhenUnsavedChanges: false,
    // Not "detail": Refine would refetch the record after a failed save too, and a new record
    // resets the form, losing the user's input. The detail is invalidated after success instead.
    invalidates: ["list", "many"],
    onMutationSuccess: ({ data }) => {
      setDirty(false);
      if (action === "edit" && id !== undefined) {
        void invalidate({ resource: resource.kind, id, invalidates: ["detail"] });
      }
      onSaved(data);
    },
    onMutationError: (error) => {
      // A 409 naming fields is a duplicate of a unique value: useForm shows it on the field.
      const stale = error.statusCode === 409 && action === "edit" && !error.errors;
      setConflict(stale ? error.message : undefined);
    },
  });

  const loaded = query?.data?.data;
  const base = rebased ?? loaded;

  const submit = (values: Values) => {
    const payload = toPayload(resource, values);
    if (action === "create") return onFinish(withoutEmpty(payload)).catch(() => undefined);
    if (!base) return;
    setChanges(undefined);
    const changed = changedValues(base, payload);
    // Nothing to send: a PATCH of only the version would still bump it for everyone else.
    if (Object.keys(changed).length === 0) {
      setDirty(false);
      return onSaved(base);
    }
    return onFinish({ ...changed, version: base.version }).catch(() => undefined);
  };

  const reload = async () => {
    if (!base || id === undefined) return;
    setReloading(true);
    try {
      const { data: latest } = await dataProvider().getOne<BaseRecord>({ resource: resource.kind, id });
      const next = rebase(resource, base, latest, form.getFieldsValue(true) as Values);
      form.setFieldsValue(next.values as Parameters<typeof form.setFieldsValue>[0]);
      setRebased(latest);
      setChanges(next.changes);
      setConflict(undefined);
    } catch {
      // The http client has shown why; the alert stays so the user can try again.
    } finally {
      setReloading(false);
    }
  };

  if (action === "edit" && query?.isError) {
    return <Result status="warning" title={`This ${inSentence(resource.singular)} could not be loaded.`} />;
  }

  return (
    <Spin spinning={action === "edit" && !loaded}>
      <Form
        {...formProps}
        layout="vertical"
        // Edit: the loaded record (useForm resets the fields when it arrives); create: the defaults.
        initialValues={
          loaded ? toFormValues(resource, loaded) : action === "create" ? defaultValues(resource) : undefined
        }
        onFinish={submit}
        onValuesChange={(changed, all) => {
          setDirty(true);
          formProps.onValuesChange?.(changed, all);
        }}
      >
        <ConflictAlert
          resource={resource}
          message={conflict}
          changes={changes}
          onReload={reload}
          reloading={reloading}
        />
        {resource.form.map((row) => (
          <Row key={row.join(",")} gutter={16}>
            {row.map((name) => (
              <Col key={name} xs={24} md={span(row)}>
                <FieldFormItem name={name} field={fieldOf(resource, name)} />
              </Col>
            ))}
          </Row>
        ))}
        <Flex gap={8} justify="flex-end">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" {...saveButtonProps} loading={mutation.isPending}>
            Save
          </Button>
        </Flex>
      </Form>
    </Spin>
  );
}
