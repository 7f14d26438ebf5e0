import { afterEach, expect, it } from "vitest";
import { clear, getMessages } from "../../../src/providers/feedback-store";
import { notificationProvider } from "../../../src/providers/notification-provider";

afterEach(() => {
  clear();
});

const shown = () => getMessages().map(({ text, type }) => ({ text, type }));

it("shows Refine's errors as error messages, with the human description as text", () => {
  notificationProvider.open({
    type: "error",
    message: "Error (status code: 409)",
    description: "Version is stale",
  });
  expect(shown()).toEqual([{ text: "Version is stale", type: "error" }]);
});

it("falls back to the message when an error has no description", () => {
  notificationProvider.open({ type: "error", message: "Login Error" });
  expect(shown()).toEqual([{ text: "Login Error", type: "error" }]);
});

it("shows success and progress as info messages", () => {
  notificationProvider.open({
    type: "success",
    message: "Successfully created Vendor",
    description: "Success",
  });
  notificationProvider.open({ type: "progress", message: "Deleting in 5 seconds", undoableTimeout: 5 });
  expect(shown()).toEqual([
    { text: "Successfully created Vendor", type: "info" },
    { text: "Deleting in 5 seconds", type: "info" },
  ]);
});

it("replaces and closes messages by Refine's key", () => {
  notificationProvider.open({ key: "k", type: "progress", message: "Deleting in 5 seconds" });
  notificationProvider.open({ key: "k", type: "progress", message: "Deleting in 4 seconds" });
  expect(shown()).toEqual([{ text: "Deleting in 4 seconds", type: "info" }]);
  notificationProvider.close("k");
  expect(shown()).toEqual([]);
});
