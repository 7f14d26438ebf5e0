// The frame of a run print-out: the Print button (screen only), and the loading and failure states.
import { Button, Result, Spin } from "antd";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { type PrintRun, useRunPrintData } from "./run-print-data";
import "./print.css";

export function RunPrintShell({
  title,
  children,
}: {
  title: string;
  children: (run: PrintRun) => ReactNode;
}) {
  const { id } = useParams();
  const data = useRunPrintData(id);
  if ("error" in data) {
    return <Result status="warning" title="This run could not be loaded" subTitle={`Run ${id ?? ""}`} />;
  }
  if ("loading" in data) return <Spin size="large" style={{ marginTop: 48 }} />;
  return (
    <article className="print-doc" aria-label={`${title} ${data.run.runNumber}`}>
      <div className="print-toolbar">
        <Button type="primary" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {children(data.run)}
    </article>
  );
}
