// What the page shows instead of the app when the configuration check fails.
// Plain DOM on purpose: nothing of the app (antd, React, Refine) is needed to explain a broken build.

export function renderConfigErrorPage(root: HTMLElement, errors: readonly string[]): void {
  const main = document.createElement("main");
  main.setAttribute("role", "alert");
  main.style.cssText =
    "font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem;";

  const heading = document.createElement("h1");
  heading.textContent = "Pressroom cannot start";
  heading.style.cssText = "font-size: 1.5rem; color: #c90000;";

  const intro = document.createElement("p");
  intro.textContent = "This build has configuration errors:";

  const list = document.createElement("ul");
  for (const error of errors) {
    const item = document.createElement("li");
    item.textContent = error;
    list.append(item);
  }

  main.append(heading, intro, list);
  root.replaceChildren(main);
}
