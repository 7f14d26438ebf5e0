// Labelled values of a print-out, in a grid that fits the paper's width.
export function PrintFields({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="print-fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
