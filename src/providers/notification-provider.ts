// Refine's notifications (mutation success/failure, etc.) shown as feedback messages,
// so the app has one place where messages appear.
import type { NotificationProvider } from "@refinedev/core";
import { dismiss, push } from "./feedback-store";

// Refine addresses notifications by its own key (e.g. to replace a progress message);
// remember which feedback message stands for which key.
const idsByKey = new Map<string, string>();

export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    if (key) {
      const previous = idsByKey.get(key);
      if (previous) dismiss(previous);
    }
    // An error's description is the human message (the http client's, which it already showed:
    // the feedback store merges the two); Refine's message there is only "Error (status code: …)".
    // For success and progress the message is the sentence, the description a mere "Success".
    const text = type === "error" ? description || message : message;
    const id = push({ text, type: type === "error" ? "error" : "info" });
    if (key) idsByKey.set(key, id);
  },
  close: (key) => {
    const id = idsByKey.get(key);
    if (id) dismiss(id);
    idsByKey.delete(key);
  },
};
