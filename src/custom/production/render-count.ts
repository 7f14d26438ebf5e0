// Counts renders of the station board and its cards, so that a test can show that a live event
// re-renders the one card that changed, not the board's other cards (tests/e2e/production-board.spec.ts
// sets window.__pressroomRenders = {} before the app starts). Without that flag, one property read.
export type RenderCounts = Record<string, number>;

export function countRender(name: string): void {
  const counts = (globalThis as { __pressroomRenders?: RenderCounts }).__pressroomRenders;
  if (counts) counts[name] = (counts[name] ?? 0) + 1;
}
