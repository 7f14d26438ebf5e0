// /products/{site_id}/{id}/variants (issue 21): generate a product's variants from the values
// chosen for its options, the count shown before creating ("9 variants"), and edit a selection of
// its variants at once (active, price). Writes go through the product's PATCH with its variants
// (the server checks them, and prices need Product UpdatePrice: read-only here without it).
import { useCan, useMany, useOne, useUpdate } from "@refinedev/core";
import { Alert, Button, Card, Checkbox, Flex, InputNumber, Space, Spin, Table, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { useParams } from "react-router";
import type { RequestError } from "../../providers/request-error";
import {
  type AttributeChoice,
  generateVariants,
  variantCount,
  variantCountLabel,
} from "./variant-generation";
import { variantSaveProblems } from "./variant-values";

interface Variant {
  id?: number;
  sku: string;
  name?: string | null;
  attribute_values?: Record<string, string> | null;
  price?: number | null;
  active?: boolean;
}

interface ProductRecord {
  id: number;
  sku: string;
  name: string;
  version: number;
  attribute_ids?: number[] | null;
  variants?: Variant[];
}

interface AttributeRecord {
  id: number;
  name: string;
  code: string;
  values?: { code?: string; label?: string; active?: boolean }[] | null;
}

// A value switched off on its attribute's page makes no new variants.
const optionValues = (a: AttributeRecord) =>
  (Array.isArray(a.values) ? a.values : []).flatMap((v) =>
    v.code && v.active !== false ? [{ code: v.code, label: v.label ?? v.code }] : [],
  );

export default function ProductVariantsPage() {
  const { id } = useParams();
  const { query, result: product } = useOne<ProductRecord>({
    resource: "Product",
    id,
    errorNotification: false,
  });
  const ids = product?.attribute_ids ?? [];
  const { result: attributes } = useMany<AttributeRecord>({
    resource: "Attribute",
    ids,
    queryOptions: { enabled: ids.length > 0 },
  });
  const pricing = useCan({ resource: "Product", action: "UpdatePrice" }).data?.can === true;
  const { mutate: update, mutation } = useUpdate<ProductRecord>();
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [price, setPrice] = useState<number | null>(null);
  // Why the server refused the last save (a variant naming an option or value the product lacks …).
  const [refused, setRefused] = useState<string[]>([]);

  const choices: AttributeChoice[] = useMemo(
    () =>
      (attributes?.data ?? []).map((a) => ({
        code: a.code,
        values: optionValues(a).filter((v) => chosen[a.code]?.includes(v.code)),
      })),
    [attributes, chosen],
  );
  const variants = product?.variants ?? [];
  const fresh = product ? generateVariants(product.sku, choices, variants) : [];
  const count = variantCount(choices);

  const save = (next: Variant[], done?: () => void) => {
    if (!product) return;
    update(
      {
        resource: "Product",
        id: product.id,
        values: { variants: next, version: product.version },
        successNotification: () => ({ message: `${product.name}: variants saved`, type: "success" }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setRefused([]);
          done?.();
        },
        onError: (error) => {
          const { message, errors } = error as unknown as RequestError;
          const problems = variantSaveProblems(errors, next);
          setRefused(problems.length > 0 ? problems : [message]);
        },
      },
    );
  };
  const bulk = (change: Partial<Variant>) =>
    save(
      variants.map((v, i) => (selected.includes(i) ? { ...v, ...change } : v)),
      () => setSelected([]),
    );

  if (query.isLoading) return <Spin />;
  if (!product) return <Alert type="error" showIcon message="This product could not be loaded" />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3}>
        {product.name} ({product.sku}): variants
      </Typography.Title>
      <Card title="Generate variants">
        {(attributes?.data ?? []).length === 0 ? (
          <Typography.Text type="secondary">
            The product has no options: add its options first.
          </Typography.Text>
        ) : (
          <Flex vertical gap={12}>
            {(attributes?.data ?? []).map((a) => (
              <fieldset key={a.id} style={{ border: 0, margin: 0, padding: 0 }}>
                <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 4 }}>{a.name}</legend>
                <Checkbox.Group
                  options={optionValues(a).map((v) => ({ value: v.code, label: v.label }))}
                  value={chosen[a.code] ?? []}
                  onChange={(values) => setChosen((c) => ({ ...c, [a.code]: values as string[] }))}
                />
              </fieldset>
            ))}
            <Space>
              <Typography.Text data-testid="variant-count">{variantCountLabel(count)}</Typography.Text>
              {fresh.length < count && (
                <Typography.Text type="secondary">({count - fresh.length} exist already)</Typography.Text>
              )}
              <Button
                type="primary"
                disabled={fresh.length === 0}
                loading={mutation.isPending}
                onClick={() => save([...variants, ...fresh], () => setChosen({}))}
              >
                Create {variantCountLabel(fresh.length)}
              </Button>
            </Space>
          </Flex>
        )}
      </Card>
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message="The variants were not saved"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {refused.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          closable
          onClose={() => setRefused([])}
        />
      )}
      <Card title={`Variants (${variants.length})`}>
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text>{selected.length} selected</Typography.Text>
          <Button disabled={selected.length === 0} onClick={() => bulk({ active: true })}>
            Activate
          </Button>
          <Button disabled={selected.length === 0} onClick={() => bulk({ active: false })}>
            Deactivate
          </Button>
          <InputNumber
            aria-label="Price for the selected variants"
            prefix="$"
            min={0}
            precision={2}
            value={price}
            onChange={(v) => setPrice(v)}
            disabled={!pricing}
            title={pricing ? undefined : "Read-only: changing it needs Product Update price"}
          />
          <Button
            disabled={!pricing || selected.length === 0 || price === null}
            onClick={() => bulk({ price })}
          >
            Set price
          </Button>
        </Space>
        <Table<Variant>
          rowKey={(v) => String(v.id ?? v.sku)}
          dataSource={variants}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected.map((i) => String(variants[i]?.id ?? variants[i]?.sku)),
            onChange: (keys) =>
              setSelected(variants.flatMap((v, i) => (keys.includes(String(v.id ?? v.sku)) ? [i] : []))),
          }}
          columns={[
            { title: "SKU", dataIndex: "sku" },
            { title: "Name", dataIndex: "name" },
            {
              title: "Price",
              dataIndex: "price",
              render: (p: number | null) =>
                p === null || p === undefined ? "—" : `$${Number(p).toFixed(2)}`,
            },
            {
              title: "Active",
              dataIndex: "active",
              render: (a: boolean) => (a ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
            },
          ]}
          locale={{ emptyText: "No variants yet: generate them above" }}
        />
      </Card>
    </Flex>
  );
}
