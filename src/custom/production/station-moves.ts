// Where a run goes from its station (shared by the server's actions and the board's cards):
// - the next station is the one after its station in its items' production routes (products'
//   production_route, stations in order; the most common answer when items differ), skipping a
//   coating station for a run without coating; when no route names its station (a run sent to
//   a specialty press), the first active station whose input status is its station's output
//   status;
// - completing a run moves it to its station's output status (an item status; the run status of
//   the same code: a press leaves work printed, a coater coated), else to its board's `done`;
// - arriving at a station without a board (staging), the run takes that station's output status
//   (staged): its items are split back to their orders there.
import { type BoardDeclaration, boardOfType, HELD, PAUSED } from "./boards";

export interface StationInfo {
  id: number;
  name: string;
  station_type: string;
  active: boolean;
  input_status_id: number | null;
  output_status_id: number | null;
  /** The code of its output status (an order-item status), e.g. "printed". */
  output_code: string | null;
}

const JUGGLERS = new Set(["prepress_juggler", "digital_juggler"]);

/** The station after `currentId` for a run whose items follow `routes` (null: none). */
export function nextStation(
  currentId: number,
  routes: readonly (readonly number[])[],
  stations: readonly StationInfo[],
  coating: string | null,
): StationInfo | null {
  const byId = new Map(stations.map((s) => [s.id, s]));
  const current = byId.get(currentId);
  if (!current) return null;
  const skip = (s: StationInfo | undefined) =>
    !s?.active || (s.station_type === "coating" && (coating ?? "none") === "none");
  const votes = new Map<number, number>();
  for (const route of routes) {
    let at = route.indexOf(currentId);
    if (at < 0) continue;
    while (at + 1 < route.length && skip(byId.get(route[at + 1]))) at += 1;
    const next = route[at + 1];
    if (next !== undefined) votes.set(next, (votes.get(next) ?? 0) + 1);
  }
  const voted = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  if (voted) return byId.get(voted[0]) ?? null;
  if (current.output_status_id === null) return null;
  const fallback = stations
    .filter(
      (s) =>
        s.id !== currentId &&
        !skip(s) &&
        !JUGGLERS.has(s.station_type) &&
        s.input_status_id === current.output_status_id,
    )
    .sort((a, b) => a.id - b.id);
  return fallback[0] ?? null;
}

/** The run status code an action moves a run to at `station` (undefined: claim and move). */
export function targetCode(
  action: string,
  board: BoardDeclaration | undefined,
  station: Pick<StationInfo, "output_code"> | undefined,
): string | undefined {
  if (action === "pause") return PAUSED;
  if (action === "hold") return HELD;
  if (!board) return undefined;
  if (action === "start") return board.working;
  if (action === "complete") return station?.output_code ?? board.done;
  return undefined;
}

/** The board of a station's type, if it has one. */
export const boardOfStation = (station: StationInfo | undefined): BoardDeclaration | undefined =>
  station ? boardOfType(station.station_type) : undefined;

/**
 * Whether a run may be sent on to the next station as it stands: once printed (its status at or
 * after the tenant's `printed` run status, in the workflow's order), and not while the station's
 * work is under way (its working status), paused, held or up for reprint.
 */
export function movable(
  current: { code: string; category: string | null } | undefined,
  statuses: readonly { code: string }[],
  board: BoardDeclaration | undefined,
): boolean {
  if (!current || current.category === "complete" || current.category === "cancelled") return false;
  if ([PAUSED, HELD, "reprint", board?.working].includes(current.code)) return false;
  const printed = statuses.findIndex((s) => s.code === "printed");
  return printed >= 0 && statuses.findIndex((s) => s.code === current.code) >= printed;
}
