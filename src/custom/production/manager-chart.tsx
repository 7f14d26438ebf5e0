// A bar chart on Chart.js (canvas), loaded with the production manager's charts only (this module is
// imported lazily by production-manager-page.tsx, so no other route's first load carries it). Only
// the bar parts of Chart.js are registered, which keeps its chunk small. The canvas is an image
// with a label; the page's tables beside it hold the same figures for keyboards and screen readers.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  values: number[];
  /** One colour, or one per bar. */
  color: string | string[];
}

export interface BarChartProps {
  /** What the chart shows, in words (the canvas's accessible name). */
  title: string;
  labels: string[];
  series: BarSeries[];
  horizontal?: boolean;
  height: number;
}

function config({ labels, series, horizontal }: BarChartProps): ChartConfiguration<"bar"> {
  return {
    type: "bar",
    data: {
      labels,
      datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color })),
    },
    options: {
      indexAxis: horizontal ? "y" : "x",
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: series.length > 1, position: "bottom" } },
      scales: { x: { beginAtZero: true }, y: { beginAtZero: true } },
    },
  };
}

export default function BarChart(props: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<"bar"> | null>(null);
  const latest = useRef(props);
  latest.current = props;
  // Made once, with the props of the moment; the effect below follows the data.
  useEffect(() => {
    if (!canvas.current) return;
    const made = new Chart(canvas.current, config(latest.current));
    chart.current = made;
    return () => {
      made.destroy();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data = config(props).data;
    current.update();
  });
  return (
    <div style={{ position: "relative", height: props.height, width: "100%" }}>
      <canvas ref={canvas} role="img" aria-label={props.title} />
    </div>
  );
}
