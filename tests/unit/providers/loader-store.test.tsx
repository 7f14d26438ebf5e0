import { act, render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import {
  DEFAULT_LOADER_MESSAGE,
  getLoaderState,
  start,
  stop,
  subscribe,
  useLoader,
} from "../../../src/providers/loader-store";

afterEach(() => {
  stop();
});

function Probe() {
  const { isLoading, message } = useLoader();
  return <p>{isLoading ? message : "idle"}</p>;
}

it("is off by default with the default message", () => {
  expect(DEFAULT_LOADER_MESSAGE).toBe("Loading... Please wait");
  expect(getLoaderState()).toEqual({ isLoading: false, message: "Loading... Please wait" });
});

it("start() uses the default message, start(message) the given one, stop() turns it off", () => {
  start();
  expect(getLoaderState()).toEqual({ isLoading: true, message: "Loading... Please wait" });
  start("Logging in... Please wait");
  expect(getLoaderState()).toEqual({ isLoading: true, message: "Logging in... Please wait" });
  stop();
  expect(getLoaderState()).toEqual({ isLoading: false, message: "Loading... Please wait" });
});

it("notifies subscribers", () => {
  const listener = vi.fn();
  const unsubscribe = subscribe(listener);
  start();
  stop();
  expect(listener).toHaveBeenCalledTimes(2);
  unsubscribe();
});

it("useLoader follows the store", () => {
  render(<Probe />);
  expect(screen.getByText("idle")).toBeInTheDocument();
  act(() => start("Saving"));
  expect(screen.getByText("Saving")).toBeInTheDocument();
});
