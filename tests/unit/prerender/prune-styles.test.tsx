// The pre-rendered pages' styles without the rules of antd variants the sign-in pages never use
// (src/prerender/prune-styles.ts): what goes, what stays, and that the pages indeed never carry those classes.
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRERENDER_URLS } from "../../../src/prerender/prerendered-pages";
import { pruneStyleSheet, pruneUnusedStyles, UNUSED_CLASS } from "../../../src/prerender/prune-styles";
import { renderGuestPage } from "../../../src/prerender/render-guest-page";
import { renderGuest } from "../guest/render";

vi.setConfig({ testTimeout: 30_000 });

describe("pruneStyleSheet", () => {
  it("drops the rules whose selectors all require an unused class", () => {
    const css =
      ".ant-btn{color:red}.ant-btn-color-cyan{color:cyan}:where(.css-1).ant-btn-color-gold:hover{color:gold}";
    expect(pruneStyleSheet(css)).toBe(".ant-btn{color:red}");
  });

  it("keeps the selectors of a list that need no unused class", () => {
    expect(pruneStyleSheet(".ant-col-12,.ant-col,.ant-col-xs-3 .x{flex:1}")).toBe(".ant-col{flex:1}");
  });

  it("reads a class inside :not() or :where() as not required", () => {
    const css = ".ant-input:not(.ant-input-borderless){border:1px}.a :where(.ant-col-24){b:c}";
    expect(pruneStyleSheet(css)).toBe(css);
  });

  it("tells unused classes from used ones that share their start", () => {
    const css =
      ".ant-btn-color-primary{a:b}.ant-input-outlined{a:b}.ant-form-item-control-input{a:b}.ant-spin-dot{a:b}";
    expect(pruneStyleSheet(css)).toBe(css);
  });

  it("prunes inside media queries, drops the ones left empty, keeps other at-rules whole", () => {
    const css =
      "@media (min-width:576px){.ant-col-sm-1{a:b}.ant-form{c:d}}@media (min-width:768px){.ant-col-md-2{a:b}}" +
      "@keyframes spin{to{transform:rotate(360deg)}}@supports (gap:1px){.ant-input-group{g:h}}";
    expect(pruneStyleSheet(css)).toBe(
      "@media (min-width:576px){.ant-form{c:d}}@keyframes spin{to{transform:rotate(360deg)}}",
    );
  });

  it("is not misled by braces and commas in strings", () => {
    const css = '.a::after{content:"}{,"}.ant-btn-group,.b[title="x,y"]{c:d}';
    expect(pruneStyleSheet(css)).toBe('.a::after{content:"}{,"}.b[title="x,y"]{c:d}');
  });
});

describe("pruneUnusedStyles", () => {
  it("prunes each <style> element and keeps its attributes", () => {
    const styles =
      '<style data-css-hash="a">.ant-btn{x:y}.ant-btn-color-red{x:y}</style><style data-css-hash="b">.ant-col-1{x:y}</style>';
    expect(pruneUnusedStyles(styles)).toBe(
      '<style data-css-hash="a">.ant-btn{x:y}</style><style data-css-hash="b"></style>',
    );
  });

  it("leaves /login's pre-rendered styles a third of what antd wrote, with those of its markup", () => {
    const { markup, styles } = renderGuestPage(PRERENDER_URLS["/login"], "production");
    expect(styles.length).toBeLessThan(80_000);
    expect(styles).not.toMatch(/ant-btn-color-cyan|ant-col-xs-24|ant-input-search/);
    for (const name of [
      "ant-btn-color-primary",
      "ant-btn-variant-solid",
      "ant-btn-color-default",
      "ant-btn-variant-outlined",
      "ant-form-item-vertical",
      "ant-row",
      "ant-col",
      "ant-input-outlined",
      "ant-input-affix-wrapper",
      "ant-divider-horizontal",
      "ant-spin-fullscreen",
    ]) {
      expect(markup, name).toMatch(new RegExp(`class="([^"]* )?${name}[ "]`));
      expect(styles, name).toMatch(new RegExp(`\\.${name}[^\\w-]`));
    }
  });
});

/** Every class on the page now. */
function classesShown(): string[] {
  return [...document.querySelectorAll("[class]")].flatMap((element) => [...element.classList]);
}

function unusedShown(): string[] {
  return classesShown().filter((name) => UNUSED_CLASS.test(`.${name}`));
}

describe("the guest pages", () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, "", "/");
  });

  it.each(Object.values(PRERENDER_URLS))("carry none of the pruned classes at %s", async (url) => {
    let finish: (value: { success: false; error: { name: string; message: string } }) => void = () => {};
    const failing = () =>
      new Promise<{ success: false; error: { name: string; message: string } }>((resolve) => {
        finish = resolve;
      });
    renderGuest(url, {
      login: failing,
      register: failing,
      forgotPassword: failing,
      updatePassword: failing,
    });
    expect(classesShown().length).toBeGreaterThan(0);
    expect(unusedShown()).toEqual([]);

    // Submitted empty: every field's error.
    const user = userEvent.setup({ delay: null });
    const submit = screen.getAllByRole("button").find((button) => button.getAttribute("type") === "submit");
    if (!submit) throw new Error(`no submit button at ${url}`);
    await user.click(submit);
    await waitFor(() => expect(document.querySelector(".ant-form-item-has-error")).not.toBeNull());
    expect(unusedShown()).toEqual([]);

    // Filled in and sent: the buttons busy, then the call's error.
    for (const input of document.querySelectorAll<HTMLInputElement>("input")) {
      await user.clear(input);
      await user.type(input, input.type === "email" ? "ada@example.test" : "0123456789");
    }
    await user.click(submit);
    await waitFor(() => expect(document.querySelector(".ant-btn-loading")).not.toBeNull());
    expect(unusedShown()).toEqual([]);
    await act(async () => finish({ success: false, error: { name: "x", message: "Refused" } }));
    expect(await screen.findByText("Refused")).toBeInTheDocument();
    expect(unusedShown()).toEqual([]);
  });
});
