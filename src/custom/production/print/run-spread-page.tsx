// /runs/:id/run-spread (domain.md "Print-outs"): the imposition diagram of the run's press sheet, its numbered
// slots coloured per item with a legend, the gripper and margins, and the numbered cut plan.
import { Code128 } from "./barcode";
import {
  type Cut,
  DIGITAL_GRIPPER,
  inches,
  type Layout,
  layoutSheet,
  MARGIN,
  OFFSET_GRIPPER,
} from "./imposition";
import { count, dateOf, EMPTY, words } from "./print-format";
import { RunPrintShell } from "./print-shell";
import type { PrintRun } from "./run-print-data";

// Light fills that keep black numbers readable; repeated past twelve items (the slot number tells them apart).
const FILLS = [
  "#fde68a",
  "#bfdbfe",
  "#bbf7d0",
  "#fecaca",
  "#ddd6fe",
  "#fed7aa",
  "#a5f3fc",
  "#f5d0fe",
  "#d9f99d",
  "#e5e7eb",
  "#fbcfe8",
  "#c7d2fe",
];
export const fillOf = (index: number) => FILLS[index % FILLS.length];

/** Inches → SVG units (ten to the inch keeps the numbers' font sizes whole). */
const U = 10;

export function layoutOf(run: PrintRun): Layout | undefined {
  if (!run.sheetWidth || !run.sheetHeight) return undefined;
  const offset = run.runType === "gang" || run.runType === "dedicated";
  return layoutSheet(
    run.sheetWidth,
    run.sheetHeight,
    run.items.map((item) => ({
      slot: item.slot,
      numberUp: item.numberUp,
      width: item.flat?.[0],
      height: item.flat?.[1],
      bleed: item.bleed,
    })),
    offset ? OFFSET_GRIPPER : DIGITAL_GRIPPER,
    MARGIN,
  );
}

function SheetDiagram({ run, layout }: { run: PrintRun; layout: Layout }) {
  const { sheet, area } = layout;
  const colour = new Map(run.items.map((item, i) => [item.slot, fillOf(i)]));
  const label = (cut: Cut) => String(cut.order);
  const pad = 14;
  return (
    <svg
      className="spread-svg"
      viewBox={`${-pad} ${-pad} ${sheet.width * U + 2 * pad} ${sheet.height * U + 2 * pad}`}
      role="img"
      aria-label={`Press sheet ${inches(sheet.width)} × ${inches(sheet.height)} with ${layout.pieces.length} pieces`}
    >
      <rect
        x={0}
        y={0}
        width={sheet.width * U}
        height={sheet.height * U}
        fill="#fff"
        stroke="#000"
        strokeWidth={1}
      />
      {/* The gripper and margins: nothing printed there. */}
      <rect x={0} y={0} width={sheet.width * U} height={area.y * U} fill="#d1d5db" />
      <text x={sheet.width * U - 2} y={area.y * U - 1} fontSize={4} textAnchor="end">
        gripper {inches(layout.gripper)}
      </text>
      <rect
        x={area.x * U}
        y={area.y * U}
        width={area.width * U}
        height={area.height * U}
        fill="none"
        stroke="#666"
        strokeDasharray="2 2"
        strokeWidth={0.4}
      />
      {layout.pieces.map((p) => (
        <g key={`${p.slot}-${p.copy}`} className="slot-piece">
          <rect
            x={p.x * U}
            y={p.y * U}
            width={p.width * U}
            height={p.height * U}
            fill={colour.get(p.slot)}
            stroke="#000"
            strokeWidth={0.3}
          />
          <rect
            x={p.trim.x * U}
            y={p.trim.y * U}
            width={p.trim.width * U}
            height={p.trim.height * U}
            fill="none"
            stroke="#000"
            strokeWidth={0.6}
          />
          <text
            x={(p.x + p.width / 2) * U}
            y={(p.y + p.height / 2) * U}
            fontSize={Math.max(3, Math.min(12, Math.min(p.width, p.height) * U * 0.45))}
            textAnchor="middle"
            dominantBaseline="central"
            fontWeight={700}
          >
            {p.slot}
          </text>
        </g>
      ))}
      {layout.cuts.map((cut, index) => {
        const line = {
          stroke: "#000",
          strokeWidth: 0.4,
          strokeDasharray: "3 1.5",
        };
        // Cuts come in pairs (a piece's two trim edges): the first's number sits inside it, the second's too,
        // so the numbers of a double cut fall either side of the gutter instead of on top of each other.
        const first = (index - layout.cuts.findIndex((c) => c.stage === cut.stage)) % 2 === 0;
        if (cut.direction === "across") {
          return (
            <g key={cut.order}>
              <line x1={cut.from * U} x2={cut.to * U} y1={cut.at * U} y2={cut.at * U} {...line} />
              <text
                x={cut.stage === "rows" ? -2 : (cut.from + cut.to) * (U / 2)}
                y={cut.at * U + (first ? 0.6 : -0.6)}
                fontSize={cut.stage === "rows" ? 4 : 3}
                textAnchor={cut.stage === "rows" ? "end" : "middle"}
                dominantBaseline={first ? "hanging" : "auto"}
              >
                {label(cut)}
              </text>
            </g>
          );
        }
        return (
          <g key={cut.order}>
            <line x1={cut.at * U} x2={cut.at * U} y1={cut.from * U} y2={cut.to * U} {...line} />
            <text
              x={cut.at * U + (first ? 0.8 : -0.8)}
              y={cut.from * U + 1}
              fontSize={3}
              textAnchor={first ? "start" : "end"}
              dominantBaseline="hanging"
            >
              {label(cut)}
            </text>
          </g>
        );
      })}
      <text x={0} y={sheet.height * U + 9} fontSize={5}>
        Sheet {inches(sheet.width)} × {inches(sheet.height)} · margins {inches(layout.margin)}
      </text>
    </svg>
  );
}

/** The cut plan in words, stage by stage: "Rows: 1 at 5/8", 2 at 2 7/8" …". */
function CutPlan({ cuts }: { cuts: Cut[] }) {
  const stages = [...new Set(cuts.map((c) => c.stage))];
  return (
    <ul className="cut-list" aria-label="Cut plan">
      {stages.map((stage) => {
        const mine = cuts.filter((c) => c.stage === stage);
        const what =
          stage === "rows"
            ? "Across the whole sheet (from the gripper edge)"
            : stage.startsWith("trim")
              ? `Trim the shorter pieces of ${stage.slice(5)} (across, from the row's top)`
              : `Down ${stage} (from the left edge)`;
        return (
          <li key={stage}>
            <strong>
              Cuts {mine[0].order}
              {mine.length > 1 ? `–${mine[mine.length - 1].order}` : ""}
            </strong>{" "}
            {what}: {mine.map((c) => `${c.order} at ${inches(c.at)}`).join(", ")}
          </li>
        );
      })}
    </ul>
  );
}

export function RunSpread({ run }: { run: PrintRun }) {
  const layout = layoutOf(run);
  return (
    <>
      <div className="print-head">
        <div>
          <h1>Run spread · Run {run.runNumber}</h1>
          <div className="print-muted">
            {words(run.runType)} · {run.press ?? "no press"} · {run.stock ?? "no stock"} ·{" "}
            {run.colours ?? EMPTY} · {words(run.coating)} · {count(run.sheets)} sheets + {count(run.overs)}{" "}
            overs
          </div>
        </div>
        <Code128 value={run.runNumber} height={36} label={`Run ${run.runNumber} barcode`} />
      </div>
      {layout ? (
        <>
          <SheetDiagram run={run} layout={layout} />
          {(layout.overflow.length > 0 || layout.unsized.length > 0) && (
            <p className="print-notes" role="alert">
              {layout.overflow
                .map((o) => `${o.count} up of slot ${o.slot} do not fit on the sheet. `)
                .join("")}
              {layout.unsized.length > 0 &&
                `Slots ${layout.unsized.join(", ")} declare no size and are not drawn.`}
            </p>
          )}
        </>
      ) : (
        <p className="print-notes">The run declares no sheet size: no diagram.</p>
      )}
      <h3>Slots</h3>
      <div className="print-table-wrap">
        <table className="print-table">
          <thead>
            <tr>
              <th>Slot</th>
              <th>Item</th>
              <th>Order</th>
              <th>Product</th>
              <th>Flat size</th>
              <th>Qty</th>
              <th>Up</th>
              <th>Due</th>
              <th>Finishing</th>
              <th>Ship</th>
            </tr>
          </thead>
          <tbody>
            {run.items.map((item, i) => (
              <tr key={item.itemId}>
                <td>
                  <span className="spread-swatch" style={{ background: fillOf(i) }} /> {item.slot}
                </td>
                <td>{item.itemId}</td>
                <td>{item.orderNumber ?? EMPTY}</td>
                <td>{item.product ?? EMPTY}</td>
                <td>{item.flat ? `${inches(item.flat[0])} × ${inches(item.flat[1])}` : EMPTY}</td>
                <td>{count(item.quantityRequired)}</td>
                <td>{item.numberUp}</td>
                <td>{dateOf(item.dueAt)}</td>
                <td>{words(item.coating ?? run.coating)}</td>
                <td>{words(item.shipMethod)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {layout && layout.cuts.length > 0 && (
        <>
          <h3>Cut plan ({layout.cuts.length} cuts)</h3>
          <CutPlan cuts={layout.cuts} />
        </>
      )}
      <p className="print-muted">
        Derived from the run's sheet and its items' number up and flat sizes, not read from the imposition
        file: pieces with their bleed, long side across, packed in rows from the gripper (top edge,{" "}
        {inches(layout?.gripper ?? OFFSET_GRIPPER)}; other edges {inches(MARGIN)}); cut positions are trim
        edges measured from the sheet's top and left edges.
      </p>
    </>
  );
}

export default function RunSpreadPage() {
  return <RunPrintShell title="Run spread">{(run) => <RunSpread run={run} />}</RunPrintShell>;
}
