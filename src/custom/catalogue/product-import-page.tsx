// /products/:site_id/import: a CSV of products for one site. Dropping a file uploads it for the
// server's check (every row as a create would check it) and shows the first rows with their
// problems marked, and every problem of the file; Import stays disabled while there is one. The
// commit writes all rows or none. Variants come as variants.<field> columns, one row each: a row
// repeating the SKU above (its other product cells empty) adds one more variant to that product. A
// product the site has already (its SKU) is updated rather than refused: the preview marks each row
// Create or Update (product-import.ts). Uploads show their progress (files of thousands of rows).
import { ArrowLeftOutlined, InboxOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import {
  Alert,
  Button,
  Flex,
  Progress,
  Result,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
  Upload,
} from "antd";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { formatNumber } from "../../components/fields/format";
import { useScope, useScopeTitle } from "../../pages/resource/scope-title";
import { listPath } from "../../resource-engine/resource-routes";
import products from "../../resources/products";
import {
  childRowsText,
  columnLabel,
  commitImport,
  type ImportPreview,
  type ImportRowError,
  importButtonLabel,
  importedTitle,
  previewImport,
  rowAction,
  rowErrorsOf,
  templateHref,
  updatedRowsText,
} from "./product-import";

type Phase = "choose" | "checking" | "checked" | "importing" | "imported";

type SampleRow = ImportPreview["sample"][number];

const labelOf = (field: string | undefined) => columnLabel(products, field);

/** Row → field → message ("" for a problem of the whole row). */
function errorIndex(errors: ImportRowError[]): Map<number, Map<string, string>> {
  const index = new Map<number, Map<string, string>>();
  for (const e of errors) {
    const row = index.get(e.row) ?? new Map<string, string>();
    const key = e.field ?? "";
    row.set(key, row.has(key) ? `${row.get(key)}; ${e.message}` : e.message);
    index.set(e.row, row);
  }
  return index;
}

function sampleColumns(
  preview: ImportPreview,
  errors: Map<number, Map<string, string>>,
  errorBg: string,
): TableColumnsType<SampleRow> {
  const rowColumn: TableColumnsType<SampleRow>[number] = {
    key: "row",
    title: "Row",
    dataIndex: "row",
    width: 70,
    fixed: "left",
  };
  // Each row creates a product, or updates a stored one's variants (its SKU is the site's already).
  const actionColumn: TableColumnsType<SampleRow>[number] = {
    key: "action",
    title: "Action",
    width: 90,
    render: (_: unknown, record: SampleRow) =>
      (record.action ?? rowAction(preview, record.row)) === "update" ? (
        <Tag color="blue">Update</Tag>
      ) : (
        <Tag color="green">Create</Tag>
      ),
  };
  return [
    rowColumn,
    actionColumn,
    ...preview.columns.map((name) => ({
      key: name,
      title: labelOf(name),
      onCell: (record: SampleRow) => ({
        style: errors.get(record.row)?.has(name) ? { background: errorBg } : undefined,
      }),
      render: (_: unknown, record: SampleRow) => {
        const field = products.fields[name];
        const problem = errors.get(record.row)?.get(name);
        return (
          <Space direction="vertical" size={0}>
            {field ? (
              <FieldValue field={field} value={record.values[name]} compact />
            ) : (
              childRowsText(record.values[name])
            )}
            {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
          </Space>
        );
      },
    })),
  ];
}

const errorColumns: TableColumnsType<ImportRowError> = [
  { key: "row", title: "Row", dataIndex: "row", width: 80 },
  {
    key: "field",
    title: "Column",
    dataIndex: "field",
    width: 200,
    render: (field?: string) => labelOf(field),
  },
  { key: "message", title: "Problem", dataIndex: "message" },
];

export default function ProductImportPage() {
  const scope = useScope(products);
  const siteTitle = useScopeTitle(products, scope);
  const { data: createAccess } = useCan({ resource: "Product", action: "create" });
  const { token } = theme.useToken();
  const [phase, setPhase] = useState<Phase>("choose");
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [outcome, setOutcome] = useState({ created: 0, updated: 0 });
  const errors = useMemo(() => errorIndex(preview?.errors ?? []), [preview]);

  // The route's scope is digits (DigitIds); without one this is not the import route.
  if (scope === undefined) return null;
  const back = listPath(products, scope);

  const check = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setPercent(0);
    setPhase("checking");
    try {
      const answer = await previewImport(scope, chosen, setPercent);
      setPreview(answer ?? null);
      setPhase(answer ? "checked" : "choose");
    } catch {
      // The http client has shown the message (no site, not a CSV, too large).
      setPhase("choose");
    }
  };

  const commit = async () => {
    if (!file || !preview) return;
    setPercent(0);
    setPhase("importing");
    try {
      const answer = await commitImport(scope, file, setPercent);
      if (answer) {
        setOutcome({ created: answer.created, updated: answer.updated ?? 0 });
        setPhase("imported");
      } else setPhase("checked");
    } catch (error) {
      // Refused (a SKU taken meanwhile): show what the server found, as a preview would.
      const rowErrors = rowErrorsOf(error);
      if (rowErrors.length > 0) {
        const rows = new Set(rowErrors.map((e) => e.row)).size;
        setPreview({ ...preview, errors: rowErrors, valid: preview.rows - rows });
      }
      setPhase("checked");
    }
  };

  const busy = phase === "checking" || phase === "importing";
  const blocked = !preview || preview.errors.length > 0 || preview.rows === 0;
  const mayCreate = createAccess?.can !== false;

  return (
    <>
      <Link to={back}>
        <ArrowLeftOutlined /> {siteTitle ? `Products of ${siteTitle}` : "Products"}
      </Link>
      <Typography.Title level={3} style={{ margin: "8px 0 16px" }}>
        Import products{siteTitle ? ` into ${siteTitle}` : ""}
      </Typography.Title>

      {phase === "imported" ? (
        <Result
          status="success"
          title={importedTitle(outcome)}
          extra={[
            <Link key="back" to={back}>
              Back to the products
            </Link>,
            <Button key="again" onClick={() => setPhase("choose")}>
              Import another file
            </Button>,
          ]}
        />
      ) : (
        <Flex vertical gap={16}>
          <Upload.Dragger
            accept=".csv,text/csv"
            showUploadList={false}
            maxCount={1}
            disabled={busy}
            beforeUpload={(chosen) => {
              void check(chosen);
              // The file goes through the http client, not antd's own upload.
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drag a CSV file of products here</p>
            <p className="ant-upload-hint">
              One row per product, the first row naming the fields (field names or labels). At most 10,000
              rows.
            </p>
            <p className="ant-upload-hint">
              Options: attribute names (or ids) separated by ";". Price tiers: quantity:price pairs separated
              by ";", e.g. 250:45; 500:70; 1,000:120.
            </p>
            <p className="ant-upload-hint">
              Variants: the variants.sku, variants.price, variants.active and variants.attribute_values
              columns (e.g. stock=14pt; coating=gloss); a row that repeats the SKU above, its other product
              cells empty, adds one more variant. A product whose SKU the site has already is updated: its
              variants named by SKU take the file's price, active flag and option values, new ones are added,
              and its other cells are left as they are.
            </p>
          </Upload.Dragger>
          <a href={templateHref(products)} download="products-import-template.csv">
            Download template
          </a>

          {busy ? (
            <div role="status" aria-label="Progress">
              <Progress percent={percent} status="active" />
              <Typography.Text type="secondary">
                {percent < 100
                  ? `Uploading ${file?.name ?? "the file"}…`
                  : phase === "checking"
                    ? "Checking every row…"
                    : "Importing…"}
              </Typography.Text>
            </div>
          ) : null}

          {preview && !busy ? (
            <>
              {preview.errors.length > 0 ? (
                <Alert
                  type="error"
                  showIcon
                  message={`${formatNumber(preview.rows - preview.valid)} of ${formatNumber(preview.rows)} rows have problems`}
                  description="Correct them in the file and drop it here again; nothing is imported while a row has a problem."
                />
              ) : (
                <Alert
                  type="success"
                  showIcon
                  message={`${formatNumber(preview.rows)} ${preview.rows === 1 ? "row is" : "rows are"} ready to import`}
                  description={updatedRowsText(preview)}
                />
              )}
              {preview.errors.length > 0 ? (
                <Table<ImportRowError>
                  size="small"
                  rowKey={(e) => `${e.row}:${e.field ?? ""}:${e.message}`}
                  columns={errorColumns}
                  dataSource={preview.errors}
                  pagination={{ pageSize: 10, showSizeChanger: false }}
                  title={() => "Problems"}
                />
              ) : null}
              <Table<SampleRow>
                size="small"
                rowKey="row"
                columns={sampleColumns(preview, errors, token.colorErrorBg)}
                dataSource={preview.sample}
                pagination={false}
                scroll={{ x: true }}
                title={() => `The first ${preview.sample.length} rows`}
              />
              <Flex gap={8} align="center">
                <Button type="primary" disabled={blocked || !mayCreate} onClick={() => void commit()}>
                  {importButtonLabel(preview)}
                </Button>
                {!mayCreate ? (
                  <Typography.Text type="secondary">
                    Importing needs permission to create products.
                  </Typography.Text>
                ) : null}
              </Flex>
            </>
          ) : null}
        </Flex>
      )}
    </>
  );
}
