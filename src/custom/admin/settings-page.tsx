// /settings (product admins only, spec §6): the tenant's settings as a form in sections (company,
// addresses, hours and holidays, money, numbering), saved whole with the `version` read; the
// server's field errors land on their fields, a 409 offers a reload. Tabs beside it: the change
// log and what the signed-in user may do. A user the server refuses sees the values read-only.
import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Flex, Form, Result, Spin, Tabs, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { FormSelect } from "../../components/form-select";
import { useErrorBanner } from "../../components/use-error-banner";
import { useFetched } from "../../providers/use-fetched";
import { type ApiError, fieldErrorsOf, isConflict } from "./admin-records";
import { LogoField } from "./logo-field";
import { PermissionsSummary, useMergedPermissions } from "./permissions-summary";
import { SettingsChanges } from "./settings-changes";
import {
  formPath,
  isFormField,
  type SettingsForm,
  settingLabel,
  toBody,
  toForm,
} from "./settings-form-model";
import {
  AddressesSection,
  CompanySection,
  HoursSection,
  MoneySection,
  NumberingSection,
} from "./settings-sections";
import { StaleAlert } from "./stale-alert";
import { formatSequenceNumber, type TenantSettings } from "./tenant-settings-values";
import { useIdSelect } from "./use-id-select";

const TABS = ["settings", "changes", "access"] as const;

export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get("tab")) ?? "settings";
  const [form] = Form.useForm<SettingsForm>();
  const merged = useMergedPermissions();
  const { data: settings, query } = useFetched<TenantSettings>({
    url: "tenant/settings",
    errorNotification: false,
  });
  // The settings the form stands on: as first read, then as each save or reload answers them.
  const [saved, setBase] = useState<TenantSettings>();
  const base = saved ?? settings;
  const [problem, setProblem] = useState<ApiError>();
  const [refused, setRefused] = useState(false);
  const [reloading, setReloading] = useState(false);
  const banner = useErrorBanner();
  const { mutate, mutation } = useCustomMutation<TenantSettings, ApiError>();
  const agent = base?.default_agent_id;
  const agents = useIdSelect<{ id: number; name: string }>("Agent", (a) => a.name, agent ? [agent] : []);
  const format = Form.useWatch("order_number_format", form) ?? base?.order_number_format ?? "";

  const readOnly = refused || merged?.isAdmin === false;

  const save = (values: SettingsForm) => {
    if (!base) return;
    setProblem(undefined);
    mutate(
      {
        url: "tenant/settings",
        method: "put",
        values: toBody(values, base.version),
        successNotification: () => ({ message: "Settings saved", type: "success" }),
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          banner.resolved();
          setBase(data);
          form.setFieldsValue(toForm(data));
        },
        onError: (error) => {
          banner.failed(error);
          setProblem(error);
          if (error.statusCode === 403) setRefused(true);
          const placed = Object.entries(fieldErrorsOf(error)).filter(([field]) => isFormField(field));
          form.setFields(placed.map(([field, errors]) => ({ name: formPath(field) as never, errors })));
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      const { data } = await query.refetch();
      if (data?.data) {
        setBase(data.data);
        form.resetFields();
        form.setFieldsValue(toForm(data.data));
        setProblem(undefined);
      }
    } finally {
      setReloading(false);
    }
  };

  if (query.isError) {
    return (
      <Result
        status="warning"
        title="The settings could not be loaded."
        extra={<Button onClick={() => query.refetch()}>Try again</Button>}
      />
    );
  }

  // Errors about the whole week or a whole list have no input of their own: listed above the form.
  const unplaced = Object.entries(fieldErrorsOf(problem)).filter(([field]) => !isFormField(field));

  const settingsTab =
    // Mounted once the settings are read: its initial values are them, set with the fields.
    base ? (
      <Form<SettingsForm>
        form={form}
        initialValues={toForm(base)}
        layout="vertical"
        onFinish={save}
        onValuesChange={() => banner.resolved()}
        disabled={readOnly}
        requiredMark={false}
      >
        <Flex vertical gap={16}>
          {problem && isConflict(problem) && (
            <StaleAlert message={problem.message} onReload={reload} reloading={reloading} />
          )}
          {refused && (
            <Alert
              type="info"
              showIcon
              message="Only product admins may change the settings: you see them read-only."
            />
          )}
          {unplaced.length > 0 && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message="Some settings are not valid"
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {unplaced.map(([field, messages]) => (
                    <li key={field}>
                      {settingLabel(field.split(".")[0])}: {messages.join(" ")}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          <CompanySection logo={<LogoField settings={base} disabled={readOnly} onSaved={setBase} />} />
          <AddressesSection />
          <HoursSection />
          <MoneySection
            agents={
              <FormSelect
                {...agents.selectProps}
                allowClear
                placeholder="No default agent"
                aria-label="Default agent"
              />
            }
          />
          <NumberingSection preview={formatSequenceNumber(format || "{n}", 100_001)} />
          <Flex justify="end" gap={8}>
            <Button
              htmlType="submit"
              type="primary"
              loading={mutation.isPending}
              disabled={readOnly || !base}
            >
              Save settings
            </Button>
          </Flex>
        </Flex>
      </Form>
    ) : (
      <Spin tip="Loading settings">
        <div style={{ minHeight: 240 }} />
      </Spin>
    );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Settings
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "settings" ? {} : { tab: key }, { replace: true })}
        items={[
          { key: "settings", label: "Settings", children: settingsTab },
          { key: "changes", label: "Changes", children: <SettingsChanges version={base?.version} /> },
          { key: "access", label: "Your access", children: <PermissionsSummary /> },
        ]}
      />
    </Flex>
  );
}
