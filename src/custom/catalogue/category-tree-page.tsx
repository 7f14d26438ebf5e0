// /product-categories (issue 21): each site's categories as a tree, reordered and nested by drag,
// or from the keyboard: select a category (arrows and Enter in the tree) and press Alt+↑/↓ to move it
// among its siblings, Alt+→ to nest it under the one above, Alt+← to take it out of its parent, or
// use the buttons; each move is announced. A move is one request, the new parent and its categories'
// new order with the versions read (category-tree.ts moveRequest), written by the server in one
// transaction; it refuses a category under its own descendant or under another site's. /product-categories/{id} (and create, edit) open over the tree in the
// kind's drawer, as over the list before.
import { ArrowDownOutlined, ArrowUpOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { useCan, useCustomMutation, useInvalidate, useList } from "@refinedev/core";
import type { TreeProps } from "antd";
import { Alert, Button, Card, Empty, Flex, Select, Space, Spin, Tag, Tooltip, Tree, Typography } from "antd";
import { type KeyboardEvent, type ReactNode, useMemo, useState } from "react";
import { Link, Outlet, useNavigate, useSearchParams } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import type { RequestError } from "../../providers/request-error";
import categoryKind from "../../resources/product-categories";
import {
  applyWrites,
  buildTree,
  type Category,
  dropMove,
  type Move,
  moveRequest,
  placeSentence,
  type Step,
  stepMove,
  type TreeNode,
  wouldCycle,
  writesFor,
} from "./category-tree";

interface Site {
  id: number;
  name: string;
}

const SITE = categoryKind.fields.site_id;

type DataNode = NonNullable<TreeProps["treeData"]>[number];

const KEYS: Record<string, Step> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowRight: "indent",
  ArrowLeft: "outdent",
};

const STEPS: { step: Step; label: string; icon: ReactNode }[] = [
  { step: "up", label: "Move up", icon: <ArrowUpOutlined /> },
  { step: "down", label: "Move down", icon: <ArrowDownOutlined /> },
  { step: "indent", label: "Indent", icon: <MenuUnfoldOutlined /> },
  { step: "outdent", label: "Outdent", icon: <MenuFoldOutlined /> },
];

const nodesOf = (nodes: TreeNode[]): DataNode[] =>
  nodes.map(({ category: c, children }) => ({
    key: c.id,
    title: (
      <span>
        {c.name} {c.visible === false && <Tag>Hidden</Tag>}
      </span>
    ),
    children: nodesOf(children),
  }));

export default function CategoryTreePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const siteFilter = params.get("site_id");
  const { result, query } = useList<Category>({
    resource: "ProductCategory",
    pagination: { mode: "off" },
    sorters: [{ field: "sort_order", order: "asc" }],
    filters: siteFilter ? [{ field: "site_id", operator: "eq", value: siteFilter }] : [],
  });
  const categories = result?.data;
  // The site filter lists the sites the caller may read; each tree is titled through the
  // categories' own look-up of their site (as the list's cells are), which needs no Site read.
  const readsSites = useCan({ resource: "Site", action: "list" }).data?.can === true;
  const { result: sites } = useList<Site>({
    resource: "Site",
    pagination: { pageSize: 100 },
    queryOptions: { enabled: readsSites },
  });
  const editable = useCan({ resource: "ProductCategory", action: "edit" }).data?.can === true;
  const creatable = useCan({ resource: "ProductCategory", action: "create" }).data?.can === true;
  const { mutateAsync } = useCustomMutation<Category[]>();
  const invalidate = useInvalidate();
  const [selected, setSelected] = useState<number | null>(null);
  const [heard, setHeard] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [moving, setMoving] = useState(false);
  const siteName = (id: number) =>
    sites?.data.find((s) => s.id === id)?.name ?? (id ? `Site ${id}` : "No site");

  // One tree per site: a category's parent is its own site's.
  const bySite = useMemo(() => {
    const all = categories ?? [];
    return [...new Set(all.map((c) => c.site_id ?? 0))]
      .sort((a, b) => a - b)
      .map((site) => {
        const own = all.filter((c) => (c.site_id ?? 0) === site);
        return { site, categories: own, tree: buildTree(own) };
      });
  }, [categories]);
  const siteOf = (id: number) => bySite.find((s) => s.categories.some((c) => c.id === id));

  const run = async (move: Move | null) => {
    if (!move || moving) return;
    const own = siteOf(move.id)?.categories ?? [];
    const name = own.find((c) => c.id === move.id)?.name ?? "The category";
    if (wouldCycle(own, move.id, move.parent)) {
      const message = `${name} cannot be placed inside itself or one of its own categories.`;
      setProblem(message);
      setHeard(message);
      return;
    }
    const body = moveRequest(own, move);
    if (!body) return;
    setMoving(true);
    setProblem(undefined);
    try {
      await mutateAsync({
        url: `product-categories/${move.id}/move`,
        method: "post",
        values: body,
        successNotification: false,
        errorNotification: false,
      });
      setHeard(placeSentence(applyWrites(own, writesFor(own, move)), move.id));
    } catch (error) {
      const message = (error as RequestError).message;
      setProblem(message);
      setHeard(message);
    } finally {
      setMoving(false);
      await invalidate({ resource: "ProductCategory", invalidates: ["list"] });
    }
  };

  const step = (s: Step) => {
    if (selected === null) return;
    const own = siteOf(selected)?.categories ?? [];
    const move = stepMove(own, selected, s);
    if (!move) {
      const name = own.find((c) => c.id === selected)?.name ?? "The category";
      setHeard(
        s === "up"
          ? `${name} is already first.`
          : s === "down"
            ? `${name} is already last.`
            : s === "indent"
              ? `${name} has no category above it to go under.`
              : `${name} is already at the top level.`,
      );
      return;
    }
    void run(move);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const s = KEYS[event.key];
    if (!editable || !event.altKey || !s) return;
    event.preventDefault();
    step(s);
  };

  const onDrop: TreeProps["onDrop"] = (info) => {
    const dragged = Number(info.dragNode.key);
    const target = Number(info.node.key);
    const pos = info.node.pos.split("-");
    const side = info.dropPosition - Number(pos[pos.length - 1]);
    const own = siteOf(dragged)?.categories ?? [];
    if (!own.some((c) => c.id === target)) {
      setProblem("A category moves within its own site's tree.");
      return;
    }
    void run(dropMove(own, dragged, target, info.dropToGap, side < 0 ? -1 : 1));
  };

  const chosen = selected === null ? undefined : categories?.find((c) => c.id === selected);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Product categories
        </Typography.Title>
        <Space wrap>
          {readsSites && (
            <Select<string>
              aria-label="Site"
              allowClear
              placeholder="All sites"
              style={{ minWidth: 200 }}
              value={siteFilter ?? undefined}
              options={(sites?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              onChange={(v) => {
                const next = new URLSearchParams(params);
                if (v) next.set("site_id", v);
                else next.delete("site_id");
                setParams(next);
              }}
            />
          )}
          {creatable && (
            <Button type="primary" onClick={() => navigate("/product-categories/create")}>
              Create
            </Button>
          )}
        </Space>
      </Flex>
      {editable && (
        <Typography.Text type="secondary" id="category-tree-help">
          Drag a category to reorder or nest it. From the keyboard: select it, then Alt+↑ or Alt+↓ moves it,
          Alt+→ puts it under the category above, Alt+← takes it out of its parent.
        </Typography.Text>
      )}
      {problem && (
        <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(undefined)} />
      )}
      {editable && (
        <Space wrap aria-label="Move the selected category">
          <Typography.Text>
            {chosen ? `Selected: ${chosen.name}` : "Select a category to move it"}
          </Typography.Text>
          {STEPS.map(({ step: s, label, icon }) => (
            <Tooltip key={s} title={label}>
              <Button
                icon={icon}
                aria-label={chosen ? `${label}: ${chosen.name}` : label}
                disabled={!chosen || moving}
                onClick={() => step(s)}
              />
            </Tooltip>
          ))}
          {chosen && <Link to={`/product-categories/${chosen.id}`}>Open {chosen.name}</Link>}
        </Space>
      )}
      <div role="status" aria-live="assertive" className="visually-hidden">
        {heard}
      </div>
      {query.isLoading ? (
        <Spin />
      ) : bySite.length === 0 ? (
        <Empty description="No categories yet" />
      ) : (
        bySite.map(({ site, tree }) => (
          <Card
            key={site}
            title={
              site ? (
                <FieldValue field={SITE} value={site} source={{ resource: categoryKind, field: "site_id" }} />
              ) : (
                "No site"
              )
            }
            size="small"
          >
            <Tree
              blockNode
              defaultExpandAll
              showLine
              draggable={editable && !moving ? { icon: false } : false}
              treeData={nodesOf(tree)}
              selectedKeys={selected === null ? [] : [selected]}
              onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : null)}
              onDoubleClick={(_, node) => navigate(`/product-categories/${node.key}`)}
              onDrop={onDrop}
              onKeyDown={onKeyDown}
              aria-label={`Categories of ${siteName(site)}`}
              aria-describedby={editable ? "category-tree-help" : undefined}
            />
          </Card>
        ))
      )}
      <Outlet />
    </Flex>
  );
}
