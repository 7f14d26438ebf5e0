// /runs/create: a run is built from the jugglers' candidates (juggler-board.tsx), offset or
// digital (?kind=digital in the URL), then opened.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Flex, Segmented, Typography } from "antd";
import { Link, useSearchParams } from "react-router";
import { JugglerBoard } from "./juggler-board";
import { JUGGLERS, type JugglerKind } from "./juggler-logic";

export default function RunCreatePage() {
  const [params, setParams] = useSearchParams();
  const kind: JugglerKind = params.get("kind") === "digital" ? "digital" : "prepress";
  return (
    <Flex vertical gap={8}>
      <Link to="/runs">
        <ArrowLeftOutlined /> Runs
      </Link>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Create run
        </Typography.Title>
        <Segmented<JugglerKind>
          aria-label="Kind of run"
          value={kind}
          options={[
            { value: "prepress", label: "Offset gang form" },
            { value: "digital", label: "Digital sheet batch" },
          ]}
          onChange={(value) => setParams(value === "digital" ? { kind: value } : {}, { replace: true })}
        />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Drag approved items that share stock, colours and coating onto the new run, then create it.
        {JUGGLERS[kind].title} candidates are shown.
      </Typography.Paragraph>
      <JugglerBoard key={kind} kind={kind} afterCreate="open" />
    </Flex>
  );
}
