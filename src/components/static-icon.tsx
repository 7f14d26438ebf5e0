// An antd icon drawn from its definition without @ant-design/icons' component, for places that show many: the
// component runs hooks and, on every mount, looks its style sheet up in the page's <head> (two lookups per icon,
// four icons per list row). The markup and classes are the component's, so antd's icon styles (written by any icon
// the layout shows) apply the same.
import type { AbstractNode, IconDefinition } from "@ant-design/icons-svg/lib/types";
import { createElement, type ReactNode } from "react";

function draw(node: AbstractNode, key?: number): ReactNode {
  return createElement(
    node.tag,
    { key, ...node.attrs },
    node.children?.map((child, i) => draw(child, i)),
  );
}

export function StaticIcon({ icon }: { icon: IconDefinition }) {
  if (typeof icon.icon === "function") throw new Error(`${icon.name}: a two-tone icon has no static drawing`);
  const svg = icon.icon;
  return (
    <span role="img" aria-label={icon.name} className={`anticon anticon-${icon.name}`}>
      <svg
        {...svg.attrs}
        data-icon={icon.name}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
      >
        {svg.children?.map((child, i) => draw(child, i))}
      </svg>
    </span>
  );
}
