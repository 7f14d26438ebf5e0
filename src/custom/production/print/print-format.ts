// Figures and dates as the print-outs show them.
export const EMPTY = "—";

export function dateOf(value: string | undefined): string {
  if (!value) return EMPTY;
  const date = new Date(value.length === 10 ? `${value}T12:00:00` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
}

export const count = (n: number | undefined) => (n === undefined ? EMPTY : n.toLocaleString("en-US"));

/** "two_day" → "Two day", "uv" → "UV". */
export function words(value: string | undefined): string {
  if (!value) return EMPTY;
  if (value === "uv") return "UV";
  const text = value.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
