// A bar chart on Chartist (SVG, about 8 kB gzip), loaded with the production manager's charts only:
// this module is imported lazily by production-manager-page.tsx, so no other route's first load
// carries it. The chart is an image with a label; the tables beside it hold the same figures for
// keyboards and screen readers.
import { type BarChartOptions, BarChart as Chartist } from "chartist";
import "chartist/dist/index.css";
import { useEffect, useRef } from "react";

export interface BarSeries {
  label: string;
  values: number[];
  /** One colour, or one per bar. */
  color: string | string[];
}

export interface BarChartProps {
  /** What the chart shows, in words (its accessible name). */
  title: string;
  labels: string[];
  series: BarSeries[];
  horizontal?: boolean;
  height: number;
}

function options({ horizontal, height }: BarChartProps): BarChartOptions {
  return {
    height: `${height}px`,
    horizontalBars: horizontal,
    // Horizontal bars read top-down in the labels' order.
    reverseData: horizontal,
    seriesBarDistance: 12,
    axisX: horizontal ? { onlyInteger: true } : { showGrid: false },
    axisY: horizontal ? { offset: 160, showGrid: false } : { offset: 56, onlyInteger: true },
    chartPadding: { top: 8, right: 16, bottom: 0, left: 8 },
  };
}

const data = ({ labels, series }: BarChartProps) => ({ labels, series: series.map((s) => s.values) });

export default function BarChart(props: BarChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chartist | null>(null);
  const latest = useRef(props);
  latest.current = props;
  // Made once; the effect below follows the data. Each bar takes its series' colour as it is drawn.
  useEffect(() => {
    if (!host.current) return;
    const made = new Chartist(host.current, data(latest.current), options(latest.current));
    made.on("draw", (event) => {
      if (event.type !== "bar") return;
      const { series, horizontal } = latest.current;
      const colour = series[event.seriesIndex]?.color;
      const count = series[event.seriesIndex]?.values.length ?? 0;
      // reverseData turns horizontal bars round: the index counts from the last label.
      const index = horizontal ? count - 1 - event.index : event.index;
      const stroke = Array.isArray(colour) ? colour[index] : colour;
      event.element.attr({ style: `stroke: ${stroke}; stroke-width: ${horizontal ? 14 : 18}px` });
    });
    chart.current = made;
    return () => {
      made.detach();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.update(data(props), options(props));
  });
  const { series } = props;
  return (
    <figure style={{ margin: 0 }}>
      <div ref={host} role="img" aria-label={props.title} />
      {series.length > 1 && (
        <figcaption style={{ display: "flex", gap: 16, justifyContent: "center" }}>
          {series.map((s) => (
            <span key={s.label}>
              <span
                aria-hidden
                style={{
                  display: "inline-block",
                  width: 10,
                  height: 10,
                  marginRight: 4,
                  background: Array.isArray(s.color) ? s.color[0] : s.color,
                }}
              />
              {s.label}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
