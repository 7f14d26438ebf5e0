// Styles in the unit tests' jsdom.
//
// antd's CSS-in-JS puts its component styles into <style> elements of the head. jsdom matches an element against
// every rule there whenever its style is computed, and Testing Library computes one for each element a role query
// looks at (is it hidden?) and for the elements under it (its accessible name): that was half of a page test's time,
// for styles no test reads. They are kept out. What the queries need from them, that antd's closed popups, menus,
// tab panes and hidden form items are not displayed (their "-hidden" classes), is one rule of ours.
const isAntdStyle = (node: Node) => node instanceof HTMLStyleElement && node.hasAttribute("data-rc-order");
const { appendChild, insertBefore, removeChild } = Node.prototype;
const head = document.head;
head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
  return isAntdStyle(node) ? node : (appendChild.call(this, node) as T);
};
head.insertBefore = function <T extends Node>(this: HTMLHeadElement, node: T, child: Node | null): T {
  return isAntdStyle(node) ? node : (insertBefore.call(this, node, child) as T);
};
// antd removes a style it no longer needs: one that never went in is already gone.
head.removeChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
  return isAntdStyle(node) && node.parentNode !== this ? node : (removeChild.call(this, node) as T);
};

const antdHidden = ':is([class*="ant-"][class$="-hidden"], [class*="ant-"][class*="-hidden "])';
const hiddenStates = document.createElement("style");
// The required mark's "-hidden" class hides only the mark, not its label.
hiddenStates.textContent = `${antdHidden}:not([class*="required-mark-hidden"]) { display: none; }`;
head.append(hiddenStates);

// antd writes each style's text through innerHTML, which jsdom runs through its HTML parser: an eighth of a page
// walk's time (master-data-kinds), for text that never reaches the page. A <style>'s content is raw text, so
// textContent gives the same single text node without the parser.
Object.defineProperty(HTMLStyleElement.prototype, "innerHTML", {
  configurable: true,
  get(this: HTMLStyleElement) {
    return this.textContent ?? "";
  },
  set(this: HTMLStyleElement, css: string) {
    this.textContent = css;
  },
});

// antd measures scrollbars through getComputedStyle with a pseudo-element, which jsdom does not implement.
const computeStyle = window.getComputedStyle;
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  computeStyle(element, pseudo ? undefined : pseudo);

// A module (its effects run once per worker), not a script.
export {};
