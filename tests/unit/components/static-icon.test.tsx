// A static icon draws the same markup as @ant-design/icons' component, so antd's icon styles apply alike.
import { DeleteOutlined, EyeOutlined, HistoryOutlined } from "@ant-design/icons";
import DeleteDefinition from "@ant-design/icons-svg/es/asn/DeleteOutlined";
import EyeDefinition from "@ant-design/icons-svg/es/asn/EyeOutlined";
import HistoryDefinition from "@ant-design/icons-svg/es/asn/HistoryOutlined";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StaticIcon } from "../../../src/components/static-icon";

const markup = (element: React.ReactElement) => render(element).container.innerHTML;

describe("StaticIcon", () => {
  it.each([
    ["eye", <EyeOutlined key="c" />, EyeDefinition],
    ["delete", <DeleteOutlined key="c" />, DeleteDefinition],
    ["history", <HistoryOutlined key="c" />, HistoryDefinition],
  ])("draws %s as the icon component does", (_, component, definition) => {
    expect(markup(<StaticIcon icon={definition} />)).toBe(markup(component));
  });
});
