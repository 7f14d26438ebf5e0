// The generic list of a declared kind: server-side pagination, sorting, search and filters,
// all kept in the URL (a reload shows the same page), CSV export, optional bulk delete.
// A drawer kind's create/show/edit routes are child routes rendered over this list (<Outlet>).
// A scoped kind's list of one scope (/products/{site_id}) filters on it permanently (not in the
// URL, not removable), names the scope in its title and creates under it; its unscoped list
// (/products) offers to open a scope's list instead of creating.
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import {
  type BaseKey,
  type BaseRecord,
  CanAccess,
  type CrudFilter,
  useCan,
  useDeleteMany,
} from "@refinedev/core";
import { Button, Empty, Flex, Popconfirm, Space, Table, Typography } from "antd";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { pageTotal } from "../../components/fields/format";
import { ReferenceSelect } from "../../components/fields/reference-select";
import { keepPreviousOf } from "../../providers/query-client";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";
import { inSentence, parseSort } from "../../resource-engine/list-query";
import { listPath, recordPath } from "../../resource-engine/resource-routes";
import { preloadRouteWhenIdle } from "../../routing/route-preload";
import { downloadCsv } from "./export-csv";
import { kindListLinks } from "./kind-links";
import { ListCells } from "./list-cells";
import { useListColumns } from "./list-columns";
import { ListFilters } from "./list-filters";
import { recordLink } from "./record-links";
import { canOpen } from "./route-access";
import { useScope, useScopeTitle } from "./scope-title";

export const PAGE_SIZE = 25;
const SPINNER_DELAY_MS = 200;
/** antd's row-selection column. */
const SELECTION_WIDTH = 32;
const NO_ROWS: BaseRecord[] = [];

export default function ResourceListPage({ resource }: { resource: Resource }) {
  const scope = useScope(resource);
  // Every kind's list sits at the same place in the route tree, so React would keep one kind's
  // table state (sort, filters, page, last rows) for the next kind's list: each kind, and each
  // scope (its permanent filter is fixed when the table starts), is a list of its own.
  return <ListOf key={`${resource.kind}/${scope ?? ""}`} resource={resource} scope={scope} />;
}

/** Picks a scope to open its list: the unscoped list of a scoped kind creates nowhere else. */
function ScopePicker({ resource }: { resource: Resource }) {
  const navigate = useNavigate();
  const field = resource.scopedBy ? fieldOf(resource, resource.scopedBy) : undefined;
  if (field?.type !== "reference") return null;
  return (
    <ReferenceSelect
      target={field.target}
      placeholder={`Open a ${inSentence(field.label ?? "scope")}…`}
      aria-label={`Open a ${inSentence(field.label ?? "scope")}`}
      allowClear={false}
      style={{ minWidth: 220 }}
      onChange={(value) => {
        if (typeof value === "number" || typeof value === "string") navigate(listPath(resource, value));
      }}
    />
  );
}

function ListOf({ resource: declared, scope }: { resource: Resource; scope: string | undefined }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const scopeTitle = useScopeTitle(declared, scope);
  const scopedBy = scope === undefined ? undefined : declared.scopedBy;
  const permanent = useMemo<CrudFilter[]>(
    () => (scopedBy ? [{ field: scopedBy, operator: "eq", value: scope }] : []),
    [scopedBy, scope],
  );
  // Within a scope its column and filter say nothing: every row has that value.
  const resource = useMemo(
    () =>
      scopedBy
        ? {
            ...declared,
            list: declared.list.filter((name) => name !== scopedBy),
            filters: declared.filters.filter((name) => name !== scopedBy),
          }
        : declared,
    [declared, scopedBy],
  );
  const {
    tableProps,
    sorters,
    filters: allFilters,
    setFilters,
    setCurrentPage,
    tableQuery,
  } = useTable<BaseRecord>({
    resource: resource.kind,
    syncWithLocation: true,
    pagination: { pageSize: PAGE_SIZE },
    sorters: { initial: parseSort(resource.sort) },
    filters: { permanent },
    // Only this kind's earlier answer stands in while the next page comes (query-client.ts).
    queryOptions: { placeholderData: keepPreviousOf(resource.kind) },
  });
  // The user's own filters: the scope's is neither shown as active nor cleared.
  const filters = useMemo(
    () => allFilters.filter((f) => !("field" in f) || f.field !== scopedBy),
    [allFilters, scopedBy],
  );
  const rows = tableProps.dataSource ?? NO_ROWS;
  // The page a row opens is the likely next one: its code (when registered, route-preload.ts) loads once the rows
  // are shown. A scoped kind's record path needs each row's scope: not worth it there.
  const firstId = rows[0]?.id;
  useEffect(() => {
    if (firstId === undefined || resource.scopedBy) return;
    return preloadRouteWhenIdle(recordPath(resource, "show", firstId));
  }, [resource, firstId]);
  const { columns, cells, minWidth } = useListColumns(resource, rows, sorters, tableQuery.isFetching);
  const [selected, setSelected] = useState<BaseKey[]>([]);
  const [exporting, setExporting] = useState(false);
  const { mutate: deleteMany, mutation: bulkDeletion } = useDeleteMany();

  const label = inSentence(resource.label);
  const singular = inSentence(resource.singular);
  const filtered = filters.length > 0;

  // Held in place (hidden) until the permission is known, so the header does not shift when it
  // comes; gone when refused. Memoised with what it shows: the empty table's text holds it too.
  const creatable = useCan(canOpen(declared, "create"));
  const mayCreate = creatable.data?.can;
  const createButton = useMemo(
    () =>
      declared.scopedBy && scope === undefined ? (
        <ScopePicker resource={declared} />
      ) : mayCreate === false ? null : (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={mayCreate ? undefined : { visibility: "hidden" }}
          aria-hidden={mayCreate ? undefined : true}
          onClick={() => navigate(recordLink(resource, "create", undefined, search, scope))}
        >
          Create {singular}
        </Button>
      ),
    [declared, scope, resource, navigate, search, singular, mayCreate],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(resource, { sorters, filters: allFilters });
    } finally {
      setExporting(false);
    }
  };

  // The filters and the table are memoised (antd's Table and a row of selects are the costly
  // part of a render): the callbacks they get stay the same, reading the latest useTable state.
  const latest = useRef({
    setFilters,
    setCurrentPage,
    onChange: tableProps.onChange,
    pagination: tableProps.pagination,
  });
  latest.current = {
    setFilters,
    setCurrentPage,
    onChange: tableProps.onChange,
    pagination: tableProps.pagination,
  };
  const onFiltersChange = useCallback((changes: CrudFilter[]) => {
    latest.current.setFilters(changes, "merge");
    latest.current.setCurrentPage(1);
  }, []);
  const page = tableProps.pagination || undefined;
  const loadingFirst = tableQuery.isLoading;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pagination's primitives stand for the object read from `latest`
  const table = useMemo(() => {
    const pagination = latest.current.pagination;
    return (
      <ListCells value={cells}>
        <Table<BaseRecord>
          dataSource={rows}
          // A page that comes within 200 ms shows no spinner: no flicker, and no restyling of every row under
          // the spinner's blur just before they are replaced.
          loading={{ spinning: Boolean(tableProps.loading), delay: SPINNER_DELAY_MS }}
          // Fixed layout over the columns' shares (list-columns.tsx): no reflow as data comes. No scroll to the
          // first row on a new page: the body does not scroll vertically, and antd's 450 ms scroll animation
          // forced a layout in every frame while the next page's rows were being painted.
          scroll={{
            x: minWidth + (resource.bulkDelete ? SELECTION_WIDTH : 0),
            scrollToFirstRowOnChange: false,
          }}
          tableLayout="fixed"
          // A new sort starts from the first page (antd keeps the page on a sort; filters go to 1 below).
          onChange={(...args) => {
            if (args[3].action === "sort") args[0] = { ...args[0], current: 1 };
            latest.current.onChange?.(...args);
          }}
          rowKey="id"
          columns={columns}
          pagination={
            pagination && {
              ...pagination,
              showSizeChanger: true,
              pageSizeOptions: [10, 25, 50, 100],
              showTotal: pageTotal,
            }
          }
          rowSelection={
            resource.bulkDelete
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as BaseKey[]) }
              : undefined
          }
          locale={{
            emptyText: loadingFirst ? (
              " "
            ) : (
              <Empty description={filtered ? `No ${label} match these filters` : `No ${label} yet`}>
                {!filtered && createButton}
              </Empty>
            ),
          }}
        />
      </ListCells>
    );
  }, [
    rows,
    cells,
    tableProps.loading,
    page?.current,
    page?.pageSize,
    page?.total,
    page?.simple,
    columns,
    minWidth,
    resource.bulkDelete,
    selected,
    loadingFirst,
    filtered,
    label,
    createButton,
  ]);

  const deleteSelected = () =>
    deleteMany({ resource: resource.kind, ids: selected }, { onSuccess: () => setSelected([]) });

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <div>
          {scope !== undefined && (
            <Link to={listPath(resource)} style={{ display: "block" }}>
              All {inSentence(resource.label)}
            </Link>
          )}
          <Typography.Title level={3} style={{ margin: 0 }}>
            {scopeTitle ? `${resource.label} · ${scopeTitle}` : resource.label}
          </Typography.Title>
        </div>
        <Space wrap>
          {kindListLinks(resource, scope)}
          <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting}>
            Export CSV
          </Button>
          {createButton}
        </Space>
      </Flex>
      <ListFilters resource={resource} filters={filters} onChange={onFiltersChange} />
      {resource.bulkDelete && selected.length > 0 && (
        <CanAccess resource={resource.kind} action="delete">
          <Popconfirm
            title={`Delete ${selected.length} ${selected.length === 1 ? singular : label}?`}
            okText="Delete"
            okType="danger"
            onConfirm={deleteSelected}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={bulkDeletion.isPending}
              style={{ marginBottom: 16 }}
            >
              Delete selected ({selected.length})
            </Button>
          </Popconfirm>
        </CanAccess>
      )}
      {table}
      {/* A drawer kind's record routes; their code loads here without blanking the list. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}
