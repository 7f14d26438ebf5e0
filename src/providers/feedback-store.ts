// Feedback messages (spec §3, §4): short texts the alerts area shows, gone after 5 s unless persistent.
// A tiny external store so non-React code (the http client, Refine's notification provider) can push.
import { useSyncExternalStore } from "react";

export const FEEDBACK_LIFETIME_MS = 5000;

export type FeedbackType = "error" | "info";

export interface FeedbackMessage {
  id: string;
  text: string;
  type: FeedbackType;
  persistent: boolean;
  show: boolean;
}

export interface FeedbackInput {
  text: string;
  type: FeedbackType;
  persistent?: boolean;
}

type Listener = () => void;

let messages: readonly FeedbackMessage[] = [];
let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function emit(next: readonly FeedbackMessage[]): void {
  messages = next;
  for (const listener of listeners) listener();
}

function nextId(): string {
  counter += 1;
  return `feedback-${Date.now().toString(36)}-${counter}`;
}

function expireLater(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.set(
    id,
    setTimeout(() => dismiss(id), FEEDBACK_LIFETIME_MS),
  );
}

/**
 * Adds a message and returns its id. The same text shown twice (the http client and Refine
 * both reporting one failed call) stays one message whose 5 s start again.
 */
export function push({ text, type, persistent = false }: FeedbackInput): string {
  const same = messages.find((m) => m.text === text && m.type === type && m.persistent === persistent);
  if (same) {
    if (!persistent) expireLater(same.id);
    return same.id;
  }
  const id = nextId();
  emit([...messages, { id, text, type, persistent, show: true }]);
  if (!persistent) expireLater(id);
  return id;
}

export function dismiss(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (messages.some((message) => message.id === id)) emit(messages.filter((message) => message.id !== id));
}

/** Removes the error messages with this text: their cause was fixed (the form was edited or saved). */
export function dismissText(text: string): void {
  for (const message of messages) if (message.type === "error" && message.text === text) dismiss(message.id);
}

/**
 * Removes every error message, persistent ones too: the page they were about was left. Info
 * messages stay ("Saved" is often shown just as a save navigates to the record).
 */
export function clearErrors(): void {
  for (const message of messages) if (message.type === "error") dismiss(message.id);
}

/** Removes every message (tests, logout). */
export function clear(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  if (messages.length > 0) emit([]);
}

export function getMessages(): readonly FeedbackMessage[] {
  return messages;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The messages currently shown, re-rendering on every change. */
export function useFeedbackMessages(): readonly FeedbackMessage[] {
  return useSyncExternalStore(subscribe, getMessages, getMessages);
}
