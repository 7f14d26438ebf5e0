// Links a kind's generic pages carry to its own custom pages: in the list's header and among a
// record's actions (the inventory's quantity log). Each is shown only to those who may read the kind.
import { HistoryOutlined } from "@ant-design/icons";
import { CanAccess } from "@refinedev/core";
import { Button } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Kind } from "../../access/kinds";
import type { Resource } from "../../resource-engine/define";
import { quantityLogLink } from "../inventory/quantity-change-log-route";

interface KindLink {
  label: string;
  to: string;
  icon?: ReactNode;
}

const LIST_LINKS: Partial<Record<Kind, KindLink[]>> = {
  Inventory: [{ label: "Quantity log", to: quantityLogLink(), icon: <HistoryOutlined /> }],
};

const RECORD_LINKS: Partial<Record<Kind, (id: string) => KindLink[]>> = {
  Inventory: (id) => [{ label: "Quantity log", to: quantityLogLink(id), icon: <HistoryOutlined /> }],
};

function Links({ kind, links }: { kind: Kind; links: KindLink[] }) {
  const navigate = useNavigate();
  return (
    <CanAccess resource={kind} action="list">
      {links.map(({ label, to, icon }) => (
        <Button key={to} icon={icon} onClick={() => navigate(to)}>
          {label}
        </Button>
      ))}
    </CanAccess>
  );
}

// Functions, not components: a kind without links adds nothing (not even an empty <Space> item).
export function kindListLinks(resource: Resource): ReactNode {
  const links = LIST_LINKS[resource.kind];
  return links ? <Links kind={resource.kind} links={links} /> : null;
}

export function kindRecordLinks(resource: Resource, id: string): ReactNode {
  const links = RECORD_LINKS[resource.kind]?.(id);
  return links ? <Links kind={resource.kind} links={links} /> : null;
}
