// The frame of a print-out (the runs' job jacket and run spread, an order's job ticket, a packing
// slip's ticket): the Print button (screen only), and the loading and failure states. `onPrint`
// counts a print: the Print button's, and one started from the browser (Ctrl+P, its menu), once each.
import { Button, Result, Spin } from "antd";
import { type ReactNode, useEffect, useRef } from "react";
import { useParams } from "react-router";
import { type PrintRun, useRunPrintData } from "./run-print-data";
import "./print.css";

export type PrintState = "loading" | "error" | "ready";

export function PrintFrame({
  label,
  state,
  failure,
  onPrint,
  children,
}: {
  /** Names the document for assistive technology ("Job ticket ORD-100123"). */
  label: string;
  state: PrintState;
  /** The failure's title and subtitle. */
  failure: [string, string];
  onPrint?: () => void;
  children?: ReactNode;
}) {
  const byButton = useRef(false);
  const counted = useRef(onPrint);
  counted.current = onPrint;
  useEffect(() => {
    const browserPrint = () => {
      if (byButton.current) byButton.current = false;
      else counted.current?.();
    };
    window.addEventListener("beforeprint", browserPrint);
    return () => window.removeEventListener("beforeprint", browserPrint);
  }, []);
  if (state === "error") return <Result status="warning" title={failure[0]} subTitle={failure[1]} />;
  if (state === "loading") return <Spin size="large" style={{ marginTop: 48 }} />;
  const print = () => {
    counted.current?.();
    byButton.current = true;
    window.print();
    // A print dialog the browser never opened leaves no afterprint: the flag is for this one only.
    setTimeout(() => {
      byButton.current = false;
    }, 1000);
  };
  return (
    <article className="print-doc" aria-label={label}>
      <div className="print-toolbar">
        <Button type="primary" onClick={print}>
          Print
        </Button>
      </div>
      {children}
    </article>
  );
}

export function RunPrintShell({
  title,
  children,
}: {
  title: string;
  children: (run: PrintRun) => ReactNode;
}) {
  const { id } = useParams();
  const data = useRunPrintData(id);
  const run = "run" in data ? data.run : undefined;
  const state: PrintState = "error" in data ? "error" : run ? "ready" : "loading";
  return (
    <PrintFrame
      label={run ? `${title} ${run.runNumber}` : title}
      state={state}
      failure={["This run could not be loaded", `Run ${id ?? ""}`]}
    >
      {run && children(run)}
    </PrintFrame>
  );
}
