// Links a kind's generic pages carry to its own custom pages: in the list's header (the
// inventory's quantity log; on one site's products, their import) and among a record's actions.
// Each is shown only to those who may do its action on the kind (read it, unless it names one).
import { HistoryOutlined, PrinterOutlined, UploadOutlined } from "@ant-design/icons";
import { CanAccess } from "@refinedev/core";
import { Button } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { ResourceKind } from "../../access/kinds";
import { productImportLink } from "../../custom/catalogue/product-import-route";
import { quantityLogLink } from "../../custom/inventory/quantity-change-log-route";
import type { Resource } from "../../resource-engine/define";

export interface KindLink {
  label: string;
  to: string;
  icon?: ReactNode;
  /** What the link needs on the kind: a Refine verb or one of its actions ("Import"); default "list". */
  action?: string;
  /** Opened in a tab of its own, a fresh page load (a print-out: no app styles left behind to print). */
  newTab?: boolean;
}

/** A list's links; `scope` is the scope value of a scoped kind's list (undefined on its unscoped list). */
const LIST_LINKS: Partial<Record<ResourceKind, (scope: string | undefined) => KindLink[]>> = {
  Inventory: () => [{ label: "Quantity log", to: quantityLogLink(), icon: <HistoryOutlined /> }],
  // An import is into one site's products (spec §2 /products/{site_id}/import, Product Import).
  Product: (scope) =>
    scope === undefined
      ? []
      : [{ label: "Import", to: productImportLink(scope), icon: <UploadOutlined />, action: "Import" }],
};

const RECORD_LINKS: Partial<Record<ResourceKind, (id: string) => KindLink[]>> = {
  Inventory: (id) => [{ label: "Quantity log", to: quantityLogLink(id), icon: <HistoryOutlined /> }],
  // The run's print-outs (src/custom/production/print), for the press room to print from the run.
  Run: (id) => [
    {
      label: "Job jacket",
      to: `/runs/${id}/job-jacket`,
      icon: <PrinterOutlined />,
      action: "show",
      newTab: true,
    },
    {
      label: "Run spread",
      to: `/runs/${id}/run-spread`,
      icon: <PrinterOutlined />,
      action: "show",
      newTab: true,
    },
  ],
};

function Links({ kind, links }: { kind: ResourceKind; links: KindLink[] }) {
  const navigate = useNavigate();
  return links.map(({ label, to, icon, action = "list", newTab }) => (
    <CanAccess key={to} resource={kind} action={action}>
      {newTab ? (
        <Button icon={icon} href={to} target="_blank" rel="noopener">
          {label}
        </Button>
      ) : (
        <Button icon={icon} onClick={() => navigate(to)}>
          {label}
        </Button>
      )}
    </CanAccess>
  ));
}

// Functions, not components: a kind without links adds nothing (not even an empty <Space> item).
export function kindListLinks(resource: Resource, scope?: string): ReactNode {
  const links = LIST_LINKS[resource.kind]?.(scope);
  return links?.length ? <Links kind={resource.kind} links={links} /> : null;
}

export function kindRecordLinks(resource: Resource, id: string): ReactNode {
  const links = RECORD_LINKS[resource.kind]?.(id);
  return links?.length ? <Links kind={resource.kind} links={links} /> : null;
}
