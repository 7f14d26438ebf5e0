// The page of one /production/{slug} route: its board's declaration by the URL's last segment.
import { useLocation } from "react-router";
import { boardOfSlug } from "./boards";
import { StationBoard } from "./station-board";

export default function StationBoardPage() {
  const { pathname } = useLocation();
  const board = boardOfSlug(pathname.split("/").filter(Boolean).at(-1) ?? "");
  // key: moving between two boards starts a fresh one (its filters, focus and scanner buffer).
  return board ? <StationBoard key={board.type} board={board} /> : null;
}
