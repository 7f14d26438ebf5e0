// /runs/:id/job-jacket (domain.md "Print-outs"): the run's cover sheet, then one ticket per item, each on its own
// page, with the production steps to tick and sign.
import { Code128 } from "./barcode";
import { PrintFields as Fields } from "./print-fields";
import { count, dateOf, EMPTY, words } from "./print-format";
import { RunPrintShell } from "./print-shell";
import type { PrintItem, PrintRun } from "./run-print-data";

const sizeOf = (s: [number, number] | undefined) => (s ? `${s[0]} × ${s[1]} in` : EMPTY);

/**
 * The steps an item goes through, in order: preflight and proof, then its product's production route (the
 * stations in order) where the product declares one, else the run's usual steps (coating only on a coated run).
 */
export function productionSteps(run: Pick<PrintRun, "coating" | "runType">, route: string[] = []): string[] {
  // A station the route visits twice is a second step of its own (and a distinct key).
  if (route.length) {
    return [
      "Preflight checked",
      "Proof approved",
      ...route.map((st, i) => (route.indexOf(st) < i ? `${st} (again)` : st)),
    ];
  }
  const offset = run.runType === "gang" || run.runType === "dedicated";
  return [
    "Preflight checked",
    "Proof approved",
    offset ? "Plates made" : "Sent to RIP",
    "Printed",
    ...(run.coating && run.coating !== "none" ? [`Coated (${words(run.coating)})`] : []),
    "Cut",
    "Finishing",
    "Counted and staged",
    "Packed",
    "Shipped",
  ];
}

function Cover({ run }: { run: PrintRun }) {
  const sheet = run.sheetWidth && run.sheetHeight ? `${run.sheetWidth} × ${run.sheetHeight} in` : EMPTY;
  return (
    <section className="cover">
      <div className="print-head">
        <div>
          <h1>Job jacket · Run {run.runNumber}</h1>
          <div className="print-muted">
            {words(run.runType)} · {run.items.length} item{run.items.length === 1 ? "" : "s"}
          </div>
        </div>
        <Code128 value={run.runNumber} label={`Run ${run.runNumber} barcode`} />
      </div>
      <Fields
        rows={[
          ["Press", run.press ?? EMPTY],
          ["Stock", run.stock ?? EMPTY],
          ["Sheet size", sheet],
          ["Sheets", count(run.sheets)],
          ["Overs", count(run.overs)],
          ["Sheets with overs", run.sheets === undefined ? EMPTY : count(run.sheets + (run.overs ?? 0))],
          ["Colours", run.colours ?? EMPTY],
          ["Coating", words(run.coating)],
          ["Plates", count(run.plates)],
          ["Due", dateOf(run.dueAt)],
        ]}
      />
      <h3>Notes</h3>
      <div className="print-notes">{run.notes ?? EMPTY}</div>
      <h3>Items in this run</h3>
      <div className="print-table-wrap">
        <table className="print-table">
          <thead>
            <tr>
              <th>Slot</th>
              <th>Item</th>
              <th>Order</th>
              <th>Customer</th>
              <th>Product</th>
              <th>Qty</th>
              <th>Up</th>
              <th>Due</th>
            </tr>
          </thead>
          <tbody>
            {run.items.map((item) => (
              <tr key={item.itemId}>
                <td>{item.slot}</td>
                <td>{item.itemId}</td>
                <td>{item.orderNumber ?? EMPTY}</td>
                <td>{item.customer ?? EMPTY}</td>
                <td>{item.product ?? EMPTY}</td>
                <td>{count(item.quantityRequired)}</td>
                <td>{item.numberUp}</td>
                <td>{dateOf(item.dueAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Ticket({ run, item }: { run: PrintRun; item: PrintItem }) {
  return (
    <section className="ticket" aria-label={`Item ${item.itemId}`}>
      <div className="print-head">
        <div>
          <h2>Item {item.itemId}</h2>
          <div className="print-muted">
            Run {run.runNumber} · slot {item.slot} · order {item.orderNumber ?? EMPTY}
          </div>
        </div>
        <Code128 value={String(item.itemId)} height={40} label={`Item ${item.itemId} barcode`} />
      </div>
      <Fields
        rows={[
          ["Order", item.orderNumber ?? EMPTY],
          ["Customer", item.customer ?? EMPTY],
          ["Product", item.product ?? EMPTY],
          ["Description", item.description ?? EMPTY],
          ["Quantity ordered", count(item.quantity)],
          ["Quantity to produce", count(item.quantityRequired)],
          ["Number up", String(item.numberUp)],
          ["Finished size", sizeOf(item.finished)],
          ["Flat size", sizeOf(item.flat)],
          ["Colours", item.colours ?? run.colours ?? EMPTY],
          ["Coating", words(item.coating ?? run.coating)],
          ["Proof version", item.proofVersion === undefined ? EMPTY : `v${item.proofVersion}`],
          ["Ship method", words(item.shipMethod)],
          ["Due", dateOf(item.dueAt)],
        ]}
      />
      <h3>Options</h3>
      {item.options.length ? (
        <Fields rows={item.options.map(({ name, value }) => [name, value])} />
      ) : (
        <div className="print-muted">None</div>
      )}
      {item.notes && (
        <>
          <h3>Instructions</h3>
          <div className="print-notes">{item.notes}</div>
        </>
      )}
      <h3>Production</h3>
      <ul className="print-steps">
        {productionSteps(run, item.route).map((step) => (
          <li key={step}>
            <input type="checkbox" aria-label={`${step}, item ${item.itemId}`} />
            <span>{step}</span>
            <span className="sign">initials ______ date ______</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function JobJacket({ run }: { run: PrintRun }) {
  return (
    <>
      <Cover run={run} />
      {run.items.map((item) => (
        <Ticket key={item.itemId} run={run} item={item} />
      ))}
    </>
  );
}

export default function JobJacketPage() {
  return <RunPrintShell title="Job jacket">{(run) => <JobJacket run={run} />}</RunPrintShell>;
}
