// /orders/{order_id}/job-ticket (Order Read, guest layout; domain.md "Print-outs"): the order's
// ticket for the floor: order and item numbers with Code 128 barcodes, customer, sales rep, due
// dates (proof, print, ship), ship method, the department notes, and per item its quantity and
// overs, sizes, stock, colours front and back, coating, number up, press sheets and press, the
// finishing steps in order, then blank sign-off fields. No prices. Each print is counted.
import { useParams } from "react-router";
import { Code128 } from "../production/print/barcode";
import { PrintFields } from "../production/print/print-fields";
import { count, dateOf, EMPTY, words } from "../production/print/print-format";
import { PrintFrame } from "../production/print/print-shell";
import type { JobTicket, TicketItem } from "./job-ticket-data";
import { usePrintData } from "./use-print-data";
import "./job-ticket.css";

const sizeOf = (s: [number, number] | null) => (s ? `${s[0]} × ${s[1]} in` : EMPTY);

/** "4/1" → ["4", "1"]: colours front and back. */
export function coloursOf(spec: string | null): [string, string] {
  const m = spec ? /^(\d{1,2})\/(\d{1,2})$/.exec(spec) : null;
  return m ? [m[1], m[2]] : [EMPTY, EMPTY];
}

/** The steps of an item, in order: its product's route where it has one, else the usual ones. */
export function finishingSteps(item: Pick<TicketItem, "route" | "coating">): string[] {
  if (item.route.length > 0)
    return item.route.map((st, i) => (item.route.indexOf(st) < i ? `${st} (again)` : st));
  return [
    "Prepress",
    "Press",
    ...(item.coating && item.coating !== "none" ? [`Coating (${words(item.coating)})`] : []),
    "Cutting",
    "Bindery and finishing",
    "Packing",
  ];
}

function Item({ item, ticket }: { item: TicketItem; ticket: JobTicket }) {
  const [front, back] = coloursOf(item.colours);
  const overs = item.run?.quantity_required != null ? item.run.quantity_required - item.quantity : undefined;
  return (
    <section className="job-item" aria-label={`Item ${item.number}`}>
      <div className="print-head">
        <div>
          <h2>
            Item {item.number} · {item.product ?? item.description}
          </h2>
          <div className="print-muted">
            {ticket.order_number} · item id {item.id}
            {item.sku ? ` · SKU ${item.sku}` : ""}
          </div>
        </div>
        <Code128 value={String(item.id)} height={36} label={`Item ${item.id} barcode`} />
      </div>
      <PrintFields
        rows={[
          ["Description", item.description || EMPTY],
          ["Quantity", count(item.quantity)],
          ["Overs", overs === undefined ? EMPTY : count(overs)],
          ["Finished size", sizeOf(item.finished)],
          ["Flat size", sizeOf(item.flat)],
          ["Stock", item.stock ?? EMPTY],
          ["Colours front", front],
          ["Colours back", back],
          ["Coating", words(item.coating ?? undefined)],
          ["Number up", item.run?.number_up != null ? String(item.run.number_up) : EMPTY],
          ["Press sheets", item.run?.sheets != null ? count(item.run.sheets + (item.run.overs ?? 0)) : EMPTY],
          ["Press", item.run?.press ?? EMPTY],
          ["Run", item.run?.number ?? "Not ganged yet"],
          ["Proof version", `v${item.proof_version}`],
          ["Status", item.status ?? EMPTY],
        ]}
      />
      {item.options.length > 0 && (
        <>
          <h3>Options</h3>
          <PrintFields rows={item.options.map(({ name, value }) => [name, value])} />
        </>
      )}
      <h3>Steps</h3>
      <ul className="print-steps">
        {finishingSteps(item).map((step) => (
          <li key={step}>
            <input type="checkbox" aria-label={`${step}, item ${item.number}`} />
            <span>{step}</span>
            <span className="sign">initials ______ date ______</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function JobTicketDocument({ ticket, prints }: { ticket: JobTicket; prints: number }) {
  const printDue = ticket.items
    .map((i) => i.run?.due_at)
    .filter((d): d is string => !!d)
    .sort()[0];
  return (
    <>
      <div className="print-head">
        <div>
          <h1>Job ticket · {ticket.order_number}</h1>
          <div className="print-muted">
            {ticket.items.length} item{ticket.items.length === 1 ? "" : "s"} · printed {prints} time
            {prints === 1 ? "" : "s"}
          </div>
        </div>
        <Code128 value={ticket.order_number} label={`Order ${ticket.order_number} barcode`} />
      </div>
      <PrintFields
        rows={[
          ["Customer", ticket.customer ?? EMPTY],
          ["Customer PO", ticket.customer_po ?? EMPTY],
          ["Sales rep", ticket.sales_rep ?? EMPTY],
          ["CSR", ticket.csr ?? EMPTY],
          ["Ordered", dateOf(ticket.ordered_at ?? undefined)],
          ["Proof due", dateOf(ticket.proof_due_at ?? undefined)],
          ["Print due", dateOf(printDue)],
          ["Ship due", `${dateOf(ticket.wanted_by ?? undefined)}${ticket.firm_due_date ? " (firm)" : ""}`],
          ["Turnaround", words(ticket.turnaround ?? undefined)],
          ["Ship method", words(ticket.ship_method ?? undefined)],
          ["Blind ship", ticket.blind_ship ? "Yes: no shop branding" : "No"],
        ]}
      />
      <h3>Department notes</h3>
      <div className="print-notes">{ticket.special_instructions ?? EMPTY}</div>
      {ticket.items.map((item) => (
        <Item key={item.id} item={item} ticket={ticket} />
      ))}
      <section className="sign-off" aria-label="Sign-off">
        {["Prepress", "Press", "Finishing", "Quality check", "Shipping"].map((who) => (
          <div key={who}>{who}: signature and date</div>
        ))}
      </section>
    </>
  );
}

export default function JobTicketPage() {
  const { order_id } = useParams();
  const {
    state,
    data,
    count: prints,
    recordPrint,
  } = usePrintData<JobTicket>(
    order_id,
    (id) => `orders/${id}/job-ticket`,
    (id) => `orders/${id}/job-ticket/prints`,
  );
  return (
    <PrintFrame
      label={`Job ticket ${data?.order_number ?? ""}`}
      state={state}
      failure={["This order could not be loaded", `Order ${order_id ?? ""}`]}
      onPrint={recordPrint}
    >
      {data && <JobTicketDocument ticket={data} prints={prints} />}
    </PrintFrame>
  );
}
