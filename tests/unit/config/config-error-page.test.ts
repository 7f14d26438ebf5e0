import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderConfigErrorPage } from "../../../src/config/config-error-page";

it("lists every configuration error instead of the app", () => {
  const root = document.createElement("div");
  root.innerHTML = "<p>app</p>";
  document.body.append(root);
  renderConfigErrorPage(root, [
    "VITE_TENANT_ID environmental variable not set",
    "VITE_MODE environmental variable not set",
  ]);
  expect(screen.queryByText("app")).not.toBeInTheDocument();
  expect(screen.getByRole("alert")).toHaveTextContent("Pressroom cannot start");
  expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "VITE_TENANT_ID environmental variable not set",
    "VITE_MODE environmental variable not set",
  ]);
  root.remove();
});
