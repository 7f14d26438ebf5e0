// /templates/{site_id}/{template_id}: a template as a storefront manager works with it (issue 21).
// Its front and back as pictures with the bleed, trim and safe lines (template-side.tsx), its
// editable fields and locks, the products it serves, and the designs saved back from the design
// editor, newest first with their previews. "Open in design editor" (Template Create Design) asks
// the server for the editor's token and opens the configured editor (design-editor-link.ts). A save
// updates the template record too (its design version and preview, server/templates/routes.ts), whose
// live event refreshes the template here, and with its new version the designs, in every open tab;
// the editor's "saved" message refreshes this tab's at once. A field's side (front, or back when the
// template has one) is chosen in its row and saved with the template's version.
import { ArrowLeftOutlined, FormatPainterOutlined, LockOutlined } from "@ant-design/icons";
import { useCan, useList, useOne, useUpdate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  List,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { getConfig } from "../../config/config";
import { RecordActions } from "../../pages/resource/record-show";
import { errorMessageFrom, httpClient } from "../../providers/http-client";
import { useApiImage } from "../../providers/use-api-image";
import { useFetched } from "../../providers/use-fetched";
import templates from "../../resources/templates";
import { designEditorOrigin, designEditorUrl, savedDesign } from "./design-editor-link";
import {
  type DesignField,
  type DesignSide,
  fieldSideChoices,
  type TemplateGeometry,
  templateFields,
  withFieldSide,
} from "./design-rules";
import { GuideLegend, TemplateSide } from "./template-side";

interface TemplateRecord extends Record<string, unknown> {
  id: number;
  name: string;
  site_id: number;
  status: string;
  trim_width: number | null;
  trim_height: number | null;
  bleed: number | null;
  safe_margin: number | null;
  editable_fields: unknown;
  back_file: string | null;
  requires_approval: boolean;
  design_version: number | null;
  version: number;
}

interface Design {
  id: number;
  design_version: number;
  fields: DesignField[];
  preview_url: string;
  /** The back's preview, for a template with fields on its back (null: front only). */
  back_preview_url: string | null;
  created_by_name: string | null;
  created_at: string;
}

interface ProductRow {
  id: number;
  name: string;
  sku?: string;
  template_ids?: number[] | null;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export default function TemplatePage() {
  const { id, scopeValue } = useParams();
  const navigate = useNavigate();
  const listPath = `/templates/${scopeValue}`;
  const { query, result: template } = useOne<TemplateRecord>({
    resource: "Template",
    id,
    errorNotification: false,
  });
  // Keyed by the template's version: a design saved anywhere updates the template, and so this list.
  const designs = useFetched<Design[]>({
    url: `templates/${id}/designs`,
    queryOptions: {
      queryKey: ["template-designs", id, template?.version],
      enabled: template !== undefined,
      placeholderData: (previous) => previous,
    },
  });
  const products = useList<ProductRow>({
    resource: "Product",
    filters: [{ field: "site_id", operator: "eq", value: scopeValue }],
    pagination: { currentPage: 1, pageSize: 100 },
    queryOptions: { enabled: Boolean(scopeValue) },
  });
  // A field's side is chosen here, saved with the template's version (Template Update).
  const canEdit = useCan({ resource: "Template", action: "edit", params: { id } }).data?.can === true;
  const { mutate: update, mutation: moving } = useUpdate<TemplateRecord>();
  const [backImage, setBackImage] = useState(false);

  if (query.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label="Loading the template" />
      </Flex>
    );
  }
  if (!template) {
    return (
      <Alert
        type="error"
        showIcon
        message="This template cannot be shown"
        description={query.error ? errorMessageFrom(query.error) : "It does not exist or was deleted."}
        action={<Link to={listPath}>Back to the templates</Link>}
      />
    );
  }
  const geometry: TemplateGeometry = {
    trim_width: Number(template.trim_width ?? 0),
    trim_height: Number(template.trim_height ?? 0),
    bleed: Number(template.bleed ?? 0),
    safe_margin: Number(template.safe_margin ?? 0),
  };
  const fields = templateFields(template.editable_fields);
  const serving = (products.result?.data ?? []).filter((p) => (p.template_ids ?? []).includes(template.id));
  const sideChoices = fieldSideChoices(
    backImage || Boolean(template.back_file) || fields.some((f) => f.side === "back"),
  );
  const moveField = (name: string, label: string, side: DesignSide) =>
    update({
      resource: "Template",
      id: template.id,
      values: {
        editable_fields: withFieldSide(template.editable_fields, name, side),
        version: template.version,
      },
      successNotification: () => ({ message: `${label} is on the ${side} now`, type: "success" }),
      errorNotification: (error) => ({
        message: `${label} was not moved`,
        description: error ? errorMessageFrom(error) : undefined,
        type: "error",
      }),
    });

  return (
    <Flex vertical gap={16}>
      <Flex wrap justify="space-between" align="center" gap={8}>
        <Space wrap>
          <Link to={listPath} aria-label="Back to the templates">
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {template.name}
          </Typography.Title>
          <Tag color={template.status === "published" ? "green" : undefined}>{template.status}</Tag>
        </Space>
        <Space wrap>
          <OpenInEditor template={template} onSaved={() => void designs.query.refetch()} />
          <RecordActions resource={templates} id={String(template.id)} onDeleted={() => navigate(listPath)} />
        </Space>
      </Flex>

      <Card title="Front and back">
        <Flex wrap gap={24}>
          <TemplateSide templateId={template.id} side="front" geometry={geometry} />
          <TemplateSide templateId={template.id} side="back" geometry={geometry} onPresence={setBackImage} />
        </Flex>
        <GuideLegend geometry={geometry} />
      </Card>

      <Flex wrap gap={16}>
        <Card title="Editable fields" style={{ flex: "1 1 320px" }}>
          <Table
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: "No editable fields: the design is fixed" }}
            columns={[
              { title: "Field", dataIndex: "label" },
              {
                title: "Side",
                dataIndex: "side",
                render: (side: DesignSide, field) =>
                  canEdit ? (
                    <Select<DesignSide>
                      size="small"
                      aria-label={`Side of ${field.label}`}
                      value={side}
                      options={sideChoices}
                      disabled={moving.isPending}
                      onChange={(next) => moveField(field.name, field.label, next)}
                      style={{ minWidth: 90 }}
                    />
                  ) : side === "back" ? (
                    "Back"
                  ) : (
                    "Front"
                  ),
              },
              {
                title: "Name",
                dataIndex: "name",
                render: (n: string) => <Typography.Text code>{n}</Typography.Text>,
              },
              {
                title: "Lock",
                dataIndex: "locked",
                render: (locked: boolean) =>
                  locked ? (
                    <Tag icon={<LockOutlined />} color="orange">
                      Locked
                    </Tag>
                  ) : (
                    <Tag>Editable</Tag>
                  ),
              },
            ]}
          />
        </Card>
        <Card
          title="Products using this template"
          style={{ flex: "1 1 320px" }}
          loading={products.query.isLoading}
        >
          {serving.length === 0 ? (
            <Empty description="No product uses this template" />
          ) : (
            <List
              dataSource={serving}
              renderItem={(p) => (
                <List.Item>
                  <Link to={`/products/${scopeValue}/${p.id}`}>{p.name}</Link>
                  {p.sku && <Typography.Text type="secondary">{p.sku}</Typography.Text>}
                </List.Item>
              )}
            />
          )}
        </Card>
      </Flex>

      <Card title="Details">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            {
              key: "design",
              label: "Current design",
              children: template.design_version ? `Version ${template.design_version}` : "None yet",
            },
            { key: "trim", label: "Trim", children: `${geometry.trim_width} × ${geometry.trim_height} in` },
            { key: "bleed", label: "Bleed", children: `${geometry.bleed} in` },
            { key: "safe", label: "Safe margin", children: `${geometry.safe_margin} in` },
            {
              key: "approval",
              label: "Requires approval",
              children: template.requires_approval ? "Yes" : "No",
            },
          ]}
        />
      </Card>

      <Card title="Designs">
        {designs.query.isLoading ? (
          <Spin />
        ) : (designs.data ?? []).length === 0 ? (
          <Empty description="No design saved yet: open the design editor to make one" />
        ) : (
          <List
            dataSource={designs.data ?? []}
            renderItem={(d) => <DesignVersion design={d} fields={fields} />}
          />
        )}
      </Card>
    </Flex>
  );
}

/** One side's preview of a design version (its image fetched with the session). */
function DesignPreview({ url, alt }: { url: string; alt: string }) {
  const preview = useApiImage(url);
  return (
    <div style={{ width: 200, minHeight: 60 }}>
      {preview.url ? (
        <img src={preview.url} alt={alt} style={{ width: "100%", border: "1px solid #d9d9d9" }} />
      ) : preview.loading ? (
        <Spin size="small" />
      ) : (
        <Typography.Text type="secondary">No preview</Typography.Text>
      )}
    </div>
  );
}

function DesignVersion({ design, fields }: { design: Design; fields: ReturnType<typeof templateFields> }) {
  const labels = new Map(fields.map((f) => [f.name, f.label]));
  const v = design.design_version;
  return (
    <List.Item data-testid={`design-${v}`}>
      <Flex wrap gap={16} align="start" style={{ width: "100%" }}>
        <Flex vertical gap={8}>
          <DesignPreview url={design.preview_url} alt={`Preview of design version ${v}`} />
          {design.back_preview_url && (
            <DesignPreview url={design.back_preview_url} alt={`Back of design version ${v}`} />
          )}
        </Flex>
        <div style={{ flex: "1 1 240px" }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Version {design.design_version}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Saved {when(design.created_at)}
            {design.created_by_name ? ` by ${design.created_by_name}` : ""}
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            items={design.fields.map((f) => ({
              key: f.name,
              label: `${labels.get(f.name) ?? f.name}${f.side === "back" ? " (back)" : ""}`,
              children: f.value,
            }))}
          />
        </div>
      </Flex>
    </List.Item>
  );
}

function OpenInEditor({ template, onSaved }: { template: TemplateRecord; onSaved: () => void }) {
  const allowed = useCan({ resource: "Template", action: "Create Design" }).data?.can === true;
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  useEffect(() => {
    const editorOrigin = designEditorOrigin(getConfig().designEditorBaseUrl, window.location.origin);
    const listen = (event: MessageEvent) => {
      if (event.origin !== editorOrigin) return;
      const design = savedDesign(event.data, template.id);
      if (!design) return;
      void message.success(`Design version ${design.design_version} saved`);
      saved.current();
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [template.id, message]);

  const open = useCallback(async () => {
    // Opened now, in the click, so no pop-up blocker stops it; pointed at the editor once the token comes.
    const editor = window.open("", "_blank");
    setBusy(true);
    try {
      const response = await httpClient.post<{ data: { token: string } }>(
        `templates/${template.id}/design-sessions`,
        {},
      );
      const config = getConfig();
      const url = designEditorUrl({
        baseUrl: config.designEditorBaseUrl,
        subfolder: config.designEditorSubfolder,
        origin: window.location.origin,
        apiBaseUrl: config.apiBaseUrl,
        tenantId: config.tenantId,
        templateId: template.id,
        siteId: template.site_id,
        token: response.data.data.token,
      });
      if (editor) editor.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      editor?.close();
      void message.error(errorMessageFrom(error));
    } finally {
      setBusy(false);
    }
  }, [template.id, template.site_id, message]);

  if (!allowed) return null;
  return (
    <Button type="primary" icon={<FormatPainterOutlined />} loading={busy} onClick={() => void open()}>
      Open in design editor
    </Button>
  );
}
