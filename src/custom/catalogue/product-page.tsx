// /products/{site_id}/{product_id} (issue 21): a product in sections: details (with its
// description as formatted text), options (its attributes and their values with their price
// modifiers), price tiers, templates, default production route (stations and their equipment),
// outsourcing (the trade printer's product code and the field maps that carry it), and a link to
// its variants. Read-only here: Edit opens the product's form, where prices stay read-only without
// Product UpdatePrice (and the server answers 403 to a price change).
import { useCan, useList, useMany } from "@refinedev/core";
import { Alert, Button, Descriptions, Flex, Result, Table, Tabs, Tag, Typography } from "antd";
import { Link, useNavigate, useParams } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { EMPTY, formatMoney } from "../../components/fields/format";
import { PageSpinner } from "../../components/page-spinner";
import { isNotFound, RecordNotFound } from "../../pages/resource/record-not-found";
import { RecordActions, useRecord } from "../../pages/resource/record-show";
import { fieldOf } from "../../resource-engine/field-of";
import { SCOPE_PARAM, scopeOf } from "../../resource-engine/resource-routes";
import stationKind from "../../resources/production-stations";
import products from "../../resources/products";
import { rowsOf } from "./attribute-values";

interface Attribute {
  id: number;
  name: string;
  code: string;
  pricing_method: string | null;
  values: unknown;
}

interface Station {
  id: number;
  name: string;
  code: string;
  equipment_id: number | null;
}

interface FieldMap {
  id: number;
  name: string;
  source_key: string;
  target_key: string;
  active: boolean;
}

interface Tier {
  quantity: number;
  price: number;
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x) => typeof x === "number") : []);

/** A value's price modifier as a customer reads it: "+$6.00", "−$4.00", "×1.15". */
export function modifierText(
  pricing: string | null,
  delta: number | null,
  multiplier: number | null,
): string {
  if (pricing === "multiplier") return multiplier === null ? EMPTY : `×${multiplier}`;
  if (delta === null || delta === 0) return pricing === "none" ? EMPTY : "$0.00";
  return `${delta > 0 ? "+" : "−"}${formatMoney(Math.abs(delta))}`;
}

export default function ProductPage() {
  const { id, [SCOPE_PARAM]: scope } = useParams();
  const navigate = useNavigate();
  const { query, result: product } = useRecord(products, id);
  const pricing = useCan({ resource: "Product", action: "UpdatePrice" }).data?.can === true;
  // A role that reads products need not read attributes, stations or field maps: their sections
  // say so instead of asking (a refused request would show the 403 notice).
  const reads = {
    Attribute: useCan({ resource: "Attribute", action: "list" }).data?.can === true,
    ProductionStation: useCan({ resource: "ProductionStation", action: "list" }).data?.can === true,
    Map: useCan({ resource: "Map", action: "list" }).data?.can === true,
  };
  const attributeIds = ids(product?.attribute_ids);
  const stationIds = ids(product?.production_route);
  const { result: attributes } = useMany<Attribute>({
    resource: "Attribute",
    ids: attributeIds,
    queryOptions: { enabled: reads.Attribute && attributeIds.length > 0 },
  });
  const { result: stations } = useMany<Station>({
    resource: "ProductionStation",
    ids: stationIds,
    queryOptions: { enabled: reads.ProductionStation && stationIds.length > 0 },
  });
  const sku = typeof product?.sku === "string" ? product.sku : "";
  const { result: maps } = useList<FieldMap>({
    resource: "Map",
    filters: [
      { field: "kind", operator: "eq", value: "four_over_product" },
      // source_key is searched, not filtered: the exact matches are kept below.
      { field: "q", operator: "contains", value: sku },
    ],
    pagination: { pageSize: 25 },
    queryOptions: { enabled: reads.Map && sku !== "" },
  });

  if (query.isLoading) return <PageSpinner />;
  const back = () => navigate(`/products/${scope}`);
  if (isNotFound(query.error)) return <RecordNotFound resource={products} onBack={back} />;
  if (!product) return <Result status="warning" title="This product could not be loaded." />;
  if (String(scopeOf(products, product)) !== scope) {
    return <Result status="404" title="This product is not in this list." />;
  }

  const value = (name: string) => (
    <FieldValue
      field={fieldOf(products, name)}
      value={product[name]}
      source={{ resource: products, field: name }}
    />
  );
  const describe = (names: string[]) => (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={names.map((name) => ({
        key: name,
        label: fieldOf(products, name).label,
        children: value(name),
      }))}
    />
  );
  const tiers = Array.isArray(product.price_tiers) ? (product.price_tiers as Tier[]) : [];
  const variants = Array.isArray(product.variants) ? product.variants.length : 0;
  const stationRows = stationIds.map((sid, i) => ({
    step: i + 1,
    id: sid,
    station: stations?.data.find((s) => s.id === sid),
  }));

  const sections = [
    {
      key: "details",
      label: "Details",
      children: (
        <Flex vertical gap={16}>
          {describe([
            "name",
            "sku",
            "site_id",
            "product_type_id",
            "category_ids",
            "finished_width",
            "finished_height",
            "flat_width",
            "flat_height",
            "bleed",
            "color_spec",
            "default_stock_id",
            "turnaround_days",
            "unit_weight",
            "mailable",
            "mail_shape",
            "active",
          ])}
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[{ key: "description", label: "Description", children: value("description") }]}
          />
        </Flex>
      ),
    },
    {
      key: "options",
      label: `Options (${attributeIds.length})`,
      children:
        attributeIds.length === 0 ? (
          <Typography.Text type="secondary">
            No options: the customer picks nothing for this product.
          </Typography.Text>
        ) : !reads.Attribute ? (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">
              Your role does not read attributes, so their values are not shown.
            </Typography.Text>
            {describe(["attribute_ids"])}
          </Flex>
        ) : (
          <Flex vertical gap={16}>
            {(attributes?.data ?? []).map((a) => (
              <section key={a.id} aria-label={a.name}>
                <Typography.Title level={5}>
                  <Link to={`/attributes/${a.id}`}>{a.name}</Link>
                </Typography.Title>
                <Table
                  size="small"
                  rowKey="key"
                  pagination={false}
                  dataSource={rowsOf(a.values)}
                  columns={[
                    { title: "Value", dataIndex: "label" },
                    { title: "Code", dataIndex: "code" },
                    {
                      title: "Price modifier",
                      key: "modifier",
                      render: (_, v) => modifierText(a.pricing_method, v.price_delta, v.multiplier),
                    },
                    {
                      title: "Default",
                      dataIndex: "is_default",
                      render: (d: boolean) => (d ? <Tag color="blue">Default</Tag> : null),
                    },
                    {
                      title: "Active",
                      dataIndex: "active",
                      render: (on: boolean) => (on ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
                    },
                  ]}
                />
              </section>
            ))}
          </Flex>
        ),
    },
    {
      key: "prices",
      label: "Price tiers",
      children: (
        <Flex vertical gap={12}>
          {!pricing && (
            <Alert
              type="info"
              showIcon
              message="Prices are read-only: changing them needs Product Update price."
            />
          )}
          <Table<Tier>
            size="small"
            rowKey="quantity"
            pagination={false}
            dataSource={tiers}
            locale={{ emptyText: "No price tiers" }}
            columns={[
              { title: "Quantity", dataIndex: "quantity", render: (q: number) => q.toLocaleString("en-US") },
              { title: "Price", dataIndex: "price", render: (p: number) => formatMoney(p) },
              {
                title: "Each",
                key: "each",
                render: (_, t) => `$${(t.price / t.quantity).toFixed(4)}`,
              },
            ]}
          />
          {describe(["setup_fee"])}
        </Flex>
      ),
    },
    {
      key: "templates",
      label: `Templates (${ids(product.template_ids).length})`,
      children: describe(["template_ids"]),
    },
    {
      key: "route",
      label: "Production route",
      children: (
        <Flex vertical gap={12}>
          <Table
            size="small"
            rowKey="step"
            pagination={false}
            dataSource={stationRows}
            locale={{ emptyText: "No default route: items are planned by hand" }}
            columns={[
              { title: "Step", dataIndex: "step", width: 64 },
              {
                title: "Station",
                key: "station",
                render: (_, r) =>
                  reads.ProductionStation ? (
                    <Link to={`/production-stations/${r.id}`}>{r.station?.name ?? `Station ${r.id}`}</Link>
                  ) : (
                    <FieldValue
                      field={products.fields.production_route}
                      value={[r.id]}
                      source={{ resource: products, field: "production_route" }}
                    />
                  ),
              },
              {
                title: "Equipment",
                key: "equipment",
                render: (_, r) =>
                  r.station?.equipment_id ? (
                    <FieldValue
                      field={stationKind.fields.equipment_id}
                      value={r.station.equipment_id}
                      source={{ resource: stationKind, field: "equipment_id" }}
                    />
                  ) : (
                    EMPTY
                  ),
              },
            ]}
          />
          {describe(["gangable"])}
        </Flex>
      ),
    },
    {
      key: "outsourcing",
      label: "Outsourcing",
      children: (
        <Flex vertical gap={12}>
          {describe(["outsource_vendor_id", "vendor_product_id"])}
          <Typography.Title level={5}>Trade printer product code (field maps)</Typography.Title>
          <Table<FieldMap>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={(maps?.data ?? []).filter((m) => m.source_key === sku)}
            locale={{
              emptyText: reads.Map
                ? `No field map sends ${sku} to the trade printer`
                : "Your role does not read field maps",
            }}
            columns={[
              {
                title: "Map",
                dataIndex: "name",
                render: (n: string, m) => <Link to={`/maps/${m.id}`}>{n}</Link>,
              },
              { title: "Our SKU", dataIndex: "source_key" },
              { title: "Their product code", dataIndex: "target_key" },
              {
                title: "Active",
                dataIndex: "active",
                render: (on: boolean) => (on ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
              },
            ]}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {String(product.name)} ({sku})
        </Typography.Title>
        <Flex gap={8} wrap>
          <Button onClick={() => navigate(`/products/${scope}/${id}/variants`)}>Variants ({variants})</Button>
          {id && <RecordActions resource={products} id={id} onDeleted={back} />}
        </Flex>
      </Flex>
      <Tabs items={sections} />
    </Flex>
  );
}
