// One run's card on a station board. Memoised: a board of 500 cards re-renders only the cards
// whose data changed (the query's structural sharing keeps unchanged cards the same objects, and
// the board hands every card the same context, clock and callback), so a card moving re-renders
// that card, not the board (render-count.ts; tests/e2e/production-board.spec.ts counts them).
import { Button, Card, Space, Tag, Typography } from "antd";
import { memo, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  type ActionContext,
  actionAvailable,
  type BoardCard,
  DUE_COLOURS,
  dueTone,
  elapsedMinutes,
  formatCount,
  formatDue,
  formatMinutes,
} from "./board-logic";
import type { CardField, OperatorAction } from "./boards";
import { countRender } from "./render-count";

export const ACTION_LABELS: Record<OperatorAction, string> = {
  claim: "Claim",
  start: "Start",
  pause: "Pause",
  complete: "Complete",
  hold: "Hold",
  release: "Release",
  move: "Send on",
};

const DUE_WORDS = { late: "Late", today: "Due today", later: "Due", none: "No due date" } as const;

function fieldLine(field: CardField, card: BoardCard, now: Date): [string, string] | null {
  const more = (n: number) => (n > 1 ? ` +${n - 1}` : "");
  switch (field) {
    case "customer":
      return card.customer ? ["Customer", `${card.customer}${more(card.customers)}`] : null;
    case "product":
      return card.product ? ["Product", `${card.product}${more(card.products)}`] : null;
    case "quantity":
      return ["Quantity", `${formatCount(card.quantity)} (${card.items} item${card.items === 1 ? "" : "s"})`];
    case "stock":
      return card.stock ? ["Stock", card.stock] : null;
    case "colours":
      return card.colours ? ["Colours", card.colours] : null;
    case "coating":
      return card.coating && card.coating !== "none" ? ["Coating", card.coating.toUpperCase()] : null;
    case "sheets":
      return card.sheets !== null ? ["Sheets", formatCount(card.sheets)] : null;
    case "elapsed": {
      const elapsed = formatMinutes(elapsedMinutes(card.status_since, now));
      const planned =
        card.planned_minutes !== null ? ` of ${formatMinutes(card.planned_minutes)} planned` : "";
      return ["In status", `${elapsed}${planned}`];
    }
    case "notes":
      return card.notes ? ["Notes", card.notes] : null;
    case "holder":
      return ["Operator", card.holder ?? "Unclaimed"];
  }
}

/** The proof's thumbnail; where the image cannot be fetched, the words say a proof exists. */
export function ProofThumbnail({ url, label }: { url: string; label: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Tag>Proof</Tag>;
  return (
    <a href={url} target="_blank" rel="noreferrer" title="Open the proof">
      <img
        src={url}
        alt={label}
        loading="lazy"
        width={48}
        height={48}
        style={{ objectFit: "cover", border: "1px solid #f0f0f0", borderRadius: 4 }}
        onError={() => setFailed(true)}
      />
    </a>
  );
}

export interface RunCardProps {
  card: BoardCard;
  ctx: ActionContext;
  now: Date;
  /** Non-zero while focused; a new value focuses the card again. */
  focused: number;
  onAction: (card: BoardCard, action: OperatorAction) => void;
}

function RunCardView({ card, ctx, now, focused, onAction }: RunCardProps) {
  countRender("RunCard");
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focused > 0) {
      ref.current?.scrollIntoView?.({ block: "nearest" });
      ref.current?.focus();
    }
  }, [focused]);
  const tone = dueTone(card.due_at, now);
  const actions = ctx.board.actions.filter((a) => actionAvailable(a, card, ctx));
  return (
    <article
      ref={ref}
      tabIndex={-1}
      data-testid={`run-card-${card.run_number}`}
      aria-label={`Run ${card.run_number}`}
    >
      <Card
        size="small"
        style={focused > 0 ? { outline: "2px solid #1677ff" } : undefined}
        // The due tag goes with the number, wrapping under it in a narrow column: as the header's
        // "extra" it kept its width and cut the run number short.
        title={
          <Space size={4} wrap>
            <Link to={`/runs/${card.id}`}>
              <Typography.Text strong>{card.run_number}</Typography.Text>
            </Link>
            {card.rush && <Tag color="red">Rush</Tag>}
            <Tag color={DUE_COLOURS[tone]}>
              {DUE_WORDS[tone]}
              {card.due_at ? ` ${formatDue(card.due_at)}` : ""}
            </Tag>
          </Space>
        }
      >
        <Space align="start" style={{ width: "100%", justifyContent: "space-between" }}>
          <Typography.Text type="secondary">{card.station}</Typography.Text>
          {card.proof_url && (
            <ProofThumbnail url={card.proof_url} label={`Proof of run ${card.run_number}`} />
          )}
        </Space>
        <dl style={{ margin: "4px 0", display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 8 }}>
          {ctx.board.fields.map((field) => {
            const line = fieldLine(field, card, now);
            if (!line) return null;
            return [
              <dt key={`${field}-t`} style={{ color: "#6b6b6b" }}>
                {line[0]}
              </dt>,
              <dd key={`${field}-d`} style={{ margin: 0 }}>
                {line[1]}
              </dd>,
            ];
          })}
        </dl>
        {actions.length > 0 && (
          <Space size={4} wrap>
            {actions.map((action) => (
              <Button
                key={action}
                size="small"
                type={action === "complete" || action === "start" ? "primary" : "default"}
                onClick={() => onAction(card, action)}
              >
                {action === "move" ? `Send to ${card.next_station}` : ACTION_LABELS[action]}
              </Button>
            ))}
          </Space>
        )}
      </Card>
    </article>
  );
}
RunCardView.displayName = "RunCard";

export const RunCard = memo(RunCardView);
