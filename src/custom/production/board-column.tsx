// One status column of a station board. Its cards are virtualised against the window's scroll
// (@tanstack/react-virtual): a board of 500 cards mounts those in view and one beyond each, so it
// paints within issue 18's 300 ms, and the rest mount as they come into view. Focus moving into a
// card scrolls the window (so Tab walks on through the column), and a scanned card out of view is
// scrolled to first, then mounts focused (run-card.tsx focuses itself); so is a card an operator just moved.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { Badge, Flex, Typography } from "antd";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ActionContext, BoardCard, BoardStatus } from "./board-logic";
import type { OperatorAction } from "./boards";
import { RunCard } from "./run-card";

/** A card's height before it is measured (a press card with its actions: 350-390 px). An estimate short of it
 *  mounted cards the measured column then had no room for (issue 18's render: each card costs layout). */
const ESTIMATED_CARD = 360;
const GAP = 8;

interface BoardColumnProps {
  status: BoardStatus;
  cards: BoardCard[];
  ctx: ActionContext;
  now: Date;
  /** The card to focus, and a tick that changes with every scan. */
  focus: { id: number | null; tick: number };
  onAction: (card: BoardCard, action: OperatorAction) => void;
}

export function BoardColumn({ status, cards, ctx, now, focus, onAction }: BoardColumnProps) {
  const listRef = useRef<HTMLDivElement>(null);
  // Where the list starts on the page: the window's scroll counts from there.
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const offset = Math.round(element.getBoundingClientRect().top + window.scrollY);
    if (offset !== top) setTop(offset);
  });
  const virtualizer = useWindowVirtualizer({
    count: cards.length,
    estimateSize: () => ESTIMATED_CARD,
    gap: GAP,
    // One card beyond the view: the next card is there for Tab (its focus scrolls it in); three per column mounted
    // a dozen cards more than a first paint of the board needs.
    overscan: 1,
    scrollMargin: top,
    getItemKey: (index) => cards[index].id,
  });
  const focusIndex = focus.id === null ? -1 : cards.findIndex((card) => card.id === focus.id);
  const holdsFocus = focusIndex >= 0;
  // A scan (its tick) scrolls to its card, and so does the card an operator just moved arriving in this column
  // (it comes with the refetch, after the action's tick): a refetch that only reorders the column does not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tick and the arrival, not the index, scroll
  useEffect(() => {
    if (holdsFocus) virtualizer.scrollToIndex(focusIndex, { align: "center" });
  }, [focus.tick, holdsFocus]);

  return (
    <section aria-label={status.name} style={{ minWidth: 280, flex: "0 0 280px" }}>
      <Flex align="center" gap={6} style={{ marginBottom: 8 }}>
        <Badge color={status.color ?? "#595959"} />
        <Typography.Text strong>{status.name}</Typography.Text>
        <Typography.Text type="secondary">{cards.length}</Typography.Text>
      </Flex>
      <div ref={listRef} style={{ position: "relative", height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const card = cards[item.index];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{
                position: "absolute",
                top: 0,
                left: 0,
                width: "100%",
                transform: `translateY(${item.start - top}px)`,
              }}
            >
              <RunCard
                card={card}
                ctx={ctx}
                now={now}
                focused={focus.id === card.id ? focus.tick : 0}
                onAction={onAction}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}
