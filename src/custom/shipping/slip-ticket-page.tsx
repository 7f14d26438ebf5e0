// /packing-slips/{id}/print-ticket (PackingSlip Read, guest layout; domain.md "Print-outs"): the slip
// that travels with the goods: the sender (the shop, or on a blind shipment the customer's return
// address), slip and order numbers with a Code 128 barcode, customer PO, bill-to and ship-to, ship
// method, carrier and tracking, the lines with quantities ordered, shipped and backordered, cartons
// and weight. Never a price. Each print is counted.
import { useParams } from "react-router";
import { usePrintData } from "../orders/use-print-data";
import { Code128 } from "../production/print/barcode";
import { PrintFields } from "../production/print/print-fields";
import { count, EMPTY, words } from "../production/print/print-format";
import { PrintFrame } from "../production/print/print-shell";
import type { SlipTicket } from "./slip-ticket-data";

const CARRIERS: Record<string, string> = { ups: "UPS", fedex: "FedEx", usps: "USPS" };

export function SlipTicketDocument({ slip }: { slip: SlipTicket }) {
  const carrier = slip.carrier ? (CARRIERS[slip.carrier] ?? words(slip.carrier)) : EMPTY;
  return (
    <>
      <div className="print-head">
        <div>
          <div className="print-muted">{slip.blind_ship ? "Shipped on behalf of" : "From"}</div>
          <strong>{slip.sender.name || EMPTY}</strong>
          {slip.sender.address && <div>{slip.sender.address}</div>}
        </div>
        <Code128 value={slip.slip_number} label={`Packing slip ${slip.slip_number} barcode`} />
      </div>
      <h1>Packing slip {slip.slip_number}</h1>
      <PrintFields
        rows={[
          ["Order", slip.order_number || EMPTY],
          ...(slip.mail_order_number ? ([["Mail order", slip.mail_order_number]] as [string, string][]) : []),
          ["Customer PO", slip.customer_po ?? EMPTY],
          ["Ship method", words(slip.ship_method ?? undefined)],
          ["Carrier", `${carrier}${slip.service ? ` · ${slip.service}` : ""}`],
          ["Tracking", slip.tracking_number ?? EMPTY],
          ["Cartons", count(slip.cartons ?? undefined)],
          ["Per carton", count(slip.quantity_per_carton ?? undefined)],
          ["Weight", slip.weight != null ? `${slip.weight} lb` : EMPTY],
        ]}
      />
      <PrintFields
        rows={[
          ["Bill to", slip.bill_to ?? EMPTY],
          ["Ship to", slip.ship_to ?? EMPTY],
        ]}
      />
      <div className="print-table-wrap">
        <table className="print-table">
          <thead>
            <tr>
              <th>Item</th>
              <th>Description</th>
              <th>Ordered</th>
              <th>Shipped</th>
              <th>Backordered</th>
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.item_number ?? EMPTY}</td>
                <td>{line.description}</td>
                <td>{count(line.quantity_ordered)}</td>
                <td>{count(line.quantity_shipped)}</td>
                <td>{count(line.quantity_backordered)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="print-muted">
        Packed {slip.packed_by ? `by ${slip.packed_by}` : ""} · printed {slip.print_count} time
        {slip.print_count === 1 ? "" : "s"}
      </p>
    </>
  );
}

export default function SlipTicketPage() {
  const { id } = useParams();
  const {
    state,
    data,
    count: prints,
    recordPrint,
  } = usePrintData<SlipTicket>(
    id,
    (slip) => `packing-slips/${slip}/ticket`,
    (slip) => `packing-slips/${slip}/prints`,
  );
  return (
    <PrintFrame
      label={`Packing slip ${data?.slip_number ?? ""}`}
      state={state}
      failure={["This packing slip could not be loaded", `Packing slip ${id ?? ""}`]}
      onPrint={recordPrint}
    >
      {data && <SlipTicketDocument slip={{ ...data, print_count: prints }} />}
    </PrintFrame>
  );
}
