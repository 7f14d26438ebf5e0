// A Code 128 barcode drawn as SVG by JsBarcode (crisp at any print resolution). The human-readable value is
// HTML text under it, not JsBarcode's (which measures text on a canvas): selectable and in the PDF's text.
import JsBarcode from "jsbarcode";
import { useLayoutEffect, useRef } from "react";

export function Code128({ value, height = 48, label }: { value: string; height?: number; label?: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    JsBarcode(ref.current, value, {
      format: "CODE128",
      height,
      width: 1.6,
      margin: 0,
      displayValue: false,
      background: "#ffffff",
      lineColor: "#000000",
    });
  }, [value, height]);
  return (
    <figure className="print-barcode-box">
      <svg ref={ref} className="print-barcode" role="img" aria-label={label ?? `Barcode ${value}`} />
      <figcaption>{value}</figcaption>
    </figure>
  );
}
