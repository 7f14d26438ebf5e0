// /prepress/prepress-juggler and /prepress/digital-juggler: a juggler's page (juggler-board.tsx).
import { Flex, Typography } from "antd";
import { useLocation } from "react-router";
import { JugglerBoard } from "./juggler-board";
import { JUGGLERS, type JugglerKind } from "./juggler-logic";

export default function JugglerPage() {
  const { pathname } = useLocation();
  const kind: JugglerKind = pathname.endsWith(JUGGLERS.digital.slug) ? "digital" : "prepress";
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {JUGGLERS[kind].title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Approved items that share stock, colours and coating share a run. Drag an item by its handle onto a
        run filling, or onto the new run and create it: the run commits its paper. The item needing the most
        sheets sets the run's sheets; the others come out over.
      </Typography.Paragraph>
      <JugglerBoard key={kind} kind={kind} afterCreate="stay" />
    </Flex>
  );
}
