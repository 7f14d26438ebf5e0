import { readFileSync } from "node:fs";
import { join } from "node:path";
import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { BREAKPOINTS, breakpointTokens, MOBILE_MAX_WIDTH } from "../../../src/theme/breakpoints";
import { contrastRatio, textColourOn } from "../../../src/theme/contrast";
import { primaryColorFor } from "../../../src/theme/primary-color";
import { createTheme, FOCUS_COLOUR, TAG_TEXT_SHADES } from "../../../src/theme/theme";

describe("primaryColorFor", () => {
  it.each([
    ["develop", "#5A8547"],
    ["staging", "#2892A0"],
    ["production", "#c90000"],
    ["anything-else", "#c90000"],
    ["", "#c90000"],
  ])("mode %j → %s", (mode, colour) => {
    expect(primaryColorFor(mode)).toBe(colour);
  });
});

describe("createTheme", () => {
  it("carries the mode's primary colour and the #FAFAFA background", () => {
    expect(createTheme("develop").token).toMatchObject({ colorPrimary: "#5A8547", colorBgLayout: "#FAFAFA" });
    expect(createTheme("staging").token).toMatchObject({ colorPrimary: "#2892A0", colorBgLayout: "#FAFAFA" });
    expect(createTheme("production").token).toMatchObject({
      colorPrimary: "#c90000",
      colorBgLayout: "#FAFAFA",
    });
  });

  it("sets spec §9's breakpoints as antd screen tokens", () => {
    expect(createTheme("production").token).toMatchObject({
      screenSM: 600,
      screenSMMin: 600,
      screenMD: 960,
      screenMDMin: 960,
      screenLG: 1280,
      screenLGMin: 1280,
      screenXL: 1920,
      screenXLMin: 1920,
      screenXXL: 2560,
      screenXXLMin: 2560,
      screenXSMax: 599,
      screenSMMax: 959,
      screenMDMax: 1279,
      screenLGMax: 1919,
      screenXLMax: 2559,
    });
  });

  it("keeps the order antd validates: Min <= value <= Max < next Min", () => {
    const order = ["SM", "MD", "LG", "XL"] as const;
    const tokens = breakpointTokens as Record<string, number>;
    order.forEach((size, i) => {
      expect(tokens[`screen${size}Min`]).toBeLessThanOrEqual(tokens[`screen${size}`]);
      expect(tokens[`screen${size}`]).toBeLessThanOrEqual(tokens[`screen${size}Max`]);
      const next = i + 1 < order.length ? order[i + 1] : "XXL";
      expect(tokens[`screen${size}Max`]).toBe(tokens[`screen${next}Min`] - 1);
    });
  });

  it("gives expansion panel headers padding 0 16px", () => {
    expect(createTheme("production").components?.Collapse).toMatchObject({ headerPadding: "0 16px" });
  });

  it("treats everything below lg as mobile", () => {
    expect(MOBILE_MAX_WIDTH).toBe(1279);
  });
});

describe("breakpoints.css", () => {
  const css = readFileSync(join(process.cwd(), "src/theme/breakpoints.css"), "utf8");

  it("uses the same breakpoints in its media queries", () => {
    const widths = [...css.matchAll(/@media \(min-width: (\d+)px\)/g)].map((m) => Number(m[1]));
    expect(widths).toEqual(Object.values(BREAKPOINTS));
    expect(css).toContain(`@media (max-width: ${MOBILE_MAX_WIDTH}px)`);
  });

  it("gives expansion panel headers a 44px minimum height", () => {
    expect(css).toMatch(/\.ant-collapse-header \{[^}]*min-height: 44px/);
  });

  it("scrolls smoothly", () => {
    expect(css).toMatch(/scroll-behavior: smooth/);
  });
});

describe("contrast", () => {
  it("reads WCAG's ratios: black on white 21, equal colours 1, #767676 on white just over 4.5", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("puts white on dark colours and black where white falls under 4.5:1", () => {
    expect(textColourOn("#c90000")).toBe("#ffffff"); // 6.0:1
    expect(textColourOn("#8c8c8c")).toBe("#000000"); // white would be 3.4:1
    expect(textColourOn("#eb2f96")).toBe("#000000"); // white 3.9:1; black 5.4:1
    expect(textColourOn("green")).toBeUndefined(); // a preset tag colours its own text
  });

  it("gives every light tag's text 4.5:1 on its background", () => {
    const token = theme.getDesignToken(createTheme("production")) as unknown as Record<string, string>;
    for (const [key, text] of Object.entries(TAG_TEXT_SHADES)) {
      const background = token[key.replace(/7$/, "1")];
      expect(contrastRatio(text, background), `${key} on ${background}`).toBeGreaterThanOrEqual(4.5);
      // antd's own shade 7 falls short there, or the override would not be needed.
      expect(contrastRatio(token[key], background), `antd's ${key}`).toBeLessThan(4.5);
    }
  });
});

describe("focus.css", () => {
  it("draws the ring in the theme's focus colour, the text fields' glow's colour", () => {
    const css = readFileSync(join(process.cwd(), "src/theme/focus.css"), "utf8");
    expect(css).toContain(`outline: 2px solid ${FOCUS_COLOUR}`);
    expect(createTheme("production").components?.Input).toMatchObject({
      activeShadow: `0 0 0 2px ${FOCUS_COLOUR}`,
    });
    expect(contrastRatio(FOCUS_COLOUR, "#FAFAFA")).toBeGreaterThanOrEqual(3);
  });
});
