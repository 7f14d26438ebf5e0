import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clear,
  dismiss,
  FEEDBACK_LIFETIME_MS,
  getMessages,
  push,
  subscribe,
  useFeedbackMessages,
} from "../../../src/providers/feedback-store";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  clear();
  vi.useRealTimers();
});

function Probe() {
  return (
    <p>
      {useFeedbackMessages()
        .map((m) => `${m.type}:${m.text}`)
        .join("|")}
    </p>
  );
}

describe("feedback store", () => {
  it("adds a shown message with a generated id", () => {
    const id = push({ text: "Saved", type: "info" });
    expect(getMessages()).toEqual([{ id, text: "Saved", type: "info", persistent: false, show: true }]);
  });

  it("removes a message after exactly 5000 ms", () => {
    expect(FEEDBACK_LIFETIME_MS).toBe(5000);
    push({ text: "Saved", type: "info" });
    vi.advanceTimersByTime(4999);
    expect(getMessages()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getMessages()).toEqual([]);
  });

  it("keeps a persistent message until dismissed", () => {
    const id = push({ text: "Read this", type: "error", persistent: true });
    vi.advanceTimersByTime(60_000);
    expect(getMessages().map((m) => m.id)).toEqual([id]);
    dismiss(id);
    expect(getMessages()).toEqual([]);
  });

  it("gives distinct messages distinct ids", () => {
    const ids = ["a", "b", "c"].map((text) => push({ text, type: "info" }));
    expect(new Set(ids).size).toBe(3);
  });

  it("shows the same text once and restarts its lifetime", () => {
    const first = push({ text: "Not found", type: "error" });
    vi.advanceTimersByTime(3000);
    const second = push({ text: "Not found", type: "error" });
    expect(second).toBe(first);
    expect(getMessages()).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    expect(getMessages()).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(getMessages()).toEqual([]);
  });

  it("dismiss removes one message and stops its timer", () => {
    const keep = push({ text: "keep", type: "info" });
    const drop = push({ text: "drop", type: "info" });
    dismiss(drop);
    expect(getMessages().map((m) => m.id)).toEqual([keep]);
    dismiss("unknown");
    expect(getMessages().map((m) => m.id)).toEqual([keep]);
  });

  it("notifies subscribers and stops after unsubscribe", () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    push({ text: "one", type: "info" });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    push({ text: "two", type: "info" });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("useFeedbackMessages re-renders with the current messages", () => {
    render(<Probe />);
    act(() => {
      push({ text: "Saved", type: "info" });
      push({ text: "Oops", type: "error" });
    });
    expect(screen.getByText("info:Saved|error:Oops")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText(/Saved/)).not.toBeInTheDocument();
  });
});
