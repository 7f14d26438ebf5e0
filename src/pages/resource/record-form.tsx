// Create and edit form of a declared kind, laid out from its `form` rows (one column on
// phones). An update sends only the changed fields plus the `version` it read. The server's
// field errors land on their fields (Refine's useForm); a stale version (409) keeps the
// user's input and offers to rebase it onto the latest record.
//
// Child collections are tables after the fields (child-rows-input.tsx); an update sends a whole
// collection when any of its rows changed. A create whose answer carries a generated secret shows
// it once (secret-reveal.tsx) before going on. A refused workflow move (409 "cannot go from")
// lands on the field that moved, not in the stale-version alert.
import { useForm } from "@refinedev/antd";
import {
  type BaseRecord,
  type HttpError,
  useDataProvider,
  useInvalidate,
  useSubscription,
} from "@refinedev/core";
import { Button, Col, ConfigProvider, Flex, Form, Result, Row, Spin } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useErrorBanner } from "../../components/use-error-banner";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";
import { inSentence } from "../../resource-engine/list-query";
import {
  changedValues,
  defaultValues,
  isEditable,
  rebase,
  type ServerChange,
  toFormValues,
  toPayload,
  type Values,
} from "../../resource-engine/record-values";
import { ChildRowsInput } from "./child-rows-input";
import { ConflictAlert } from "./conflict-alert";
import { useCreateDefaults } from "./create-defaults";
import { useFieldBounds } from "./field-bounds";
import { RecordFormField } from "./form-control";
import { childErrorsOffCell, isTransitionRefusal, workflowFields } from "./form-errors";
import { useGuardedLocks } from "./guarded-locks";
import { isNotFound, RecordNotFound, retryUnlessRefused } from "./record-not-found";
import { type RevealedSecret, revealedSecrets, SecretReveal, withoutPlaintext } from "./secret-reveal";
import { useChangedElsewhere } from "./use-changed-elsewhere";

export interface RecordFormProps {
  resource: Resource;
  action: "create" | "edit";
  id?: string;
  onSaved: (record: BaseRecord) => void;
  onCancel: () => void;
  /** Told whenever the form gains or loses unsaved changes (the drawer asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Values set from outside and shown disabled (a related record's back-reference). */
  locked?: Values;
}

const span = (row: string[]) => Math.max(6, Math.floor(24 / row.length));

function withoutEmpty(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
}

export function RecordForm({
  resource,
  action,
  id,
  onSaved,
  onCancel,
  onDirtyChange,
  locked,
}: RecordFormProps) {
  const [conflict, setConflict] = useState<string>();
  const [changes, setChanges] = useState<ServerChange[]>();
  // After a reload: the latest record, which the next save diffs against and takes the version of.
  const [rebased, setRebased] = useState<BaseRecord>();
  const [reloading, setReloading] = useState(false);
  // A create's generated secrets, shown once; `onSaved` waits for the user to close them.
  const [revealed, setRevealed] = useState<{ secrets: RevealedSecret[]; record: BaseRecord }>();
  // What the last save sent, to place a refused workflow move on the field that moved.
  const sent = useRef<Values>({});
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  // The failed save's banner goes when the form is edited or saved.
  const banner = useErrorBanner();

  const setDirty = (dirty: boolean) => onDirtyChange?.(dirty);
  // Someone else's change of the open record (live updates): said, never loaded over the input.
  const elsewhere = useChangedElsewhere();
  // Once loaded, the record is not fetched again under the form: Refine's useForm resets the inputs
  // whenever its data changes, and live updates refetch every active query of the kind. The form
  // moves on by its own reload (rebase) and by its saves' answers.
  const [opened, setOpened] = useState(false);

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
    queryOptions: { retry: retryUnlessRefused, enabled: !opened },
    // Its own subscription below tells of changes: this query is not refetched (see `opened`).
    liveMode: "off",
    onMutationSuccess: ({ data }) => {
      elsewhere.saved(typeof data.version === "number" ? data.version : undefined);
      if (action === "edit") setRebased(data);
      setDirty(false);
      banner.resolved();
      if (action === "edit" && id !== undefined) {
        void invalidate({ resource: resource.kind, id, invalidates: ["detail"] });
      }
      const secrets = action === "create" ? revealedSecrets(resource, data) : [];
      if (secrets.length > 0) setRevealed({ secrets, record: withoutPlaintext(data, secrets) });
      else onSaved(data);
    },
    onMutationError: (error) => {
      elsewhere.failed();
      banner.failed(error);
      // useForm has put each field error on its input; these name no input of their own.
      for (const [name, messages] of Object.entries(childErrorsOffCell(resource, error.errors))) {
        form.setFields([{ name, errors: [...form.getFieldError(name), ...messages] }]);
      }
      const moved = isTransitionRefusal(error) ? workflowFields(resource, sent.current) : [];
      if (moved.length > 0) {
        form.setFields(moved.map((name) => ({ name, errors: [error.message] })));
        setConflict(undefined);
        return;
      }
      // A 409 naming fields is a duplicate of a unique value: useForm shows it on the field.
      const stale = error.statusCode === 409 && action === "edit" && !error.errors;
      setConflict(stale ? error.message : undefined);
    },
  });

  // A create shows the statuses the server would give (the first of each entity) when they arrive.
  const serverDefaults = useCreateDefaults(resource, action === "create");
  // What other records allow in the bounded fields, for the values being entered (field-bounds.ts).
  const otherRecords = useFieldBounds(resource, form, action === "edit" ? id : undefined);
  // Fields the caller may not change (a product's prices without UpdatePrice): locked, with why.
  const guarded = useGuardedLocks(resource);
  const bounds = useMemo(() => ({ ...otherRecords, ...guarded }), [otherRecords, guarded]);
  useEffect(() => {
    if (!serverDefaults) return;
    const empty = (path: (string | number)[]) => {
      const value = form.getFieldValue(path);
      return value === undefined || value === null || value === "";
    };
    const fields: { name: (string | number)[]; value: unknown }[] = [];
    for (const [name, value] of Object.entries(serverDefaults.values)) {
      if (value !== null && empty([name])) fields.push({ name: [name], value });
    }
    for (const [name, row] of Object.entries(serverDefaults.rows)) {
      const rows = form.getFieldValue(name);
      (Array.isArray(rows) ? rows : []).forEach((stored: Values | undefined, index: number) => {
        if (stored?.id !== undefined) return;
        for (const [field, value] of Object.entries(row)) {
          if (value !== null && empty([name, index, field]))
            fields.push({ name: [name, index, field], value });
        }
      });
    }
    form.setFields(fields);
  }, [serverDefaults, form]);

  const loaded = query?.data?.data;
  const base = rebased ?? loaded;
  useEffect(() => {
    if (action === "edit" && loaded) setOpened(true);
  }, [action, loaded]);
  // "manual" live updates of the open record: told to the form, never loaded into it.
  useSubscription({
    channel: `resources/${resource.kind}`,
    types: ["updated", "deleted"],
    params: { ids: id === undefined ? [] : [id], subscriptionType: "useOne" },
    enabled: action === "edit" && id !== undefined,
    onLiveEvent: elsewhere.onLiveEvent,
  });
  elsewhere.hold(typeof base?.version === "number" ? base.version : undefined);

  const submit = (values: Values) => {
    const payload = toPayload(resource, values);
    if (action === "create") {
      sent.current = withoutEmpty({ ...payload, ...locked });
      return onFinish(sent.current).catch(() => undefined);
    }
    if (!base) return;
    setChanges(undefined);
    const changed = changedValues(base, payload, resource);
    // Nothing to send: a PATCH of only the version would still bump it for everyone else.
    if (Object.keys(changed).length === 0) {
      setDirty(false);
      return onSaved(base);
    }
    sent.current = changed;
    elsewhere.saving();
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
      elsewhere.clear(typeof latest.version === "number" ? latest.version : undefined);
    } catch {
      // The http client has shown why; the alert stays so the user can try again.
    } finally {
      setReloading(false);
    }
  };

  // Inputs only for what a form may hold (no computed fields, no server-made secrets).
  const formRows = resource.form
    .map((row) => row.filter((name) => isEditable(resource.fields[name])))
    .filter((row) => row.length > 0);

  if (action === "edit" && isNotFound(query?.error)) {
    return <RecordNotFound resource={resource} onBack={onCancel} />;
  }
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
          loaded
            ? toFormValues(resource, loaded)
            : action === "create"
              ? { ...defaultValues(resource), ...locked }
              : undefined
        }
        onFinish={submit}
        onValuesChange={(changed, all) => {
          setDirty(true);
          banner.resolved();
          formProps.onValuesChange?.(changed, all);
        }}
      >
        <ConflictAlert
          resource={resource}
          message={conflict ?? elsewhere.message}
          changes={changes}
          onReload={reload}
          reloading={reloading}
        />
        {formRows.map((row) => (
          <Row key={row.join(",")} gutter={16}>
            {row.map((name) => {
              const item = (
                <RecordFormField
                  name={name}
                  field={fieldOf(resource, name)}
                  current={base?.[name]}
                  editing={action === "edit"}
                  source={{ resource, field: name }}
                  bound={bounds[name]}
                />
              );
              return (
                <Col key={name} xs={24} md={span(row)}>
                  {locked && name in locked ? (
                    <ConfigProvider componentDisabled>{item}</ConfigProvider>
                  ) : (
                    item
                  )}
                </Col>
              );
            })}
          </Row>
        ))}
        {Object.entries(resource.children).map(([name, child]) => (
          <ChildRowsInput
            key={name}
            name={name}
            child={child}
            storedRows={base?.[name]}
            resource={resource}
            rowDefaults={serverDefaults?.rows[name]}
            bounds={bounds}
          />
        ))}
        <Flex gap={8} justify="flex-end">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" {...saveButtonProps} loading={mutation.isPending}>
            Save
          </Button>
        </Flex>
      </Form>
      {revealed && (
        <SecretReveal
          secrets={revealed.secrets}
          onDone={() => {
            const { record } = revealed;
            setRevealed(undefined);
            // The plaintext leaves memory with the mutation's answer.
            mutation.reset();
            onSaved(record);
          }}
        />
      )}
    </Spin>
  );
}
