// The page of one board route (/production/{slug}, /prepress/{slug}): its declaration by the URL.
import { useLocation } from "react-router";
import { boardOfSlug } from "./boards";
import { StationBoard } from "./station-board";

export default function StationBoardPage() {
  const { pathname } = useLocation();
  const [section = "", slug = ""] = pathname.split("/").filter(Boolean);
  const board = boardOfSlug(section, slug);
  // key: moving between two boards starts a fresh one (its filters, focus and scanner buffer).
  return board ? <StationBoard key={board.type} board={board} /> : null;
}
