// What the page shows when the code of the app itself could not be loaded, even after one reload (spec §8).
// Plain DOM: neither React nor antd may have arrived.
import { CHUNK_FAILURE_MESSAGE } from "./chunk-recovery";

export function renderStartFailurePage(root: HTMLElement): void {
  const main = document.createElement("main");
  main.setAttribute("role", "alert");
  main.style.cssText =
    "font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem;";

  const message = document.createElement("p");
  message.textContent = CHUNK_FAILURE_MESSAGE;

  const reload = document.createElement("button");
  reload.type = "button";
  reload.textContent = "Reload";
  reload.addEventListener("click", () => window.location.reload());

  main.append(message, reload);
  root.replaceChildren(main);
}
