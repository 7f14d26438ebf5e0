// The antd theme for one environment mode (spec §1, §9), with text colours that keep WCAG AA contrast (4.5:1 on the
// white and #FAFAFA backgrounds): antd's defaults for secondary text (#8c8c8c, 3.4:1), placeholders (#bfbfbf),
// links (#1677ff, 4.1:1), errors and danger buttons (#ff4d4f, 3.3:1) and its light tags' text fall short.
// Keyboard focus is a 2px ring in FOCUS_COLOUR: focus.css draws it on every control, and the text fields' own focus
// glow (antd's is its primary's lightest tint) takes the same colour here.
import type { ThemeConfig } from "antd";
import { breakpointTokens } from "./breakpoints";
import { BACKGROUND_COLOR, primaryColorFor } from "./primary-color";

/** Expansion panel titles: at least this tall (the CSS sets min-height, antd has no token for it). */
export const COLLAPSE_HEADER_MIN_HEIGHT = 44;

/** The focus ring's colour (focus.css repeats it): 6.2:1 on white, 5.9:1 on #FAFAFA, over WCAG's 3:1. */
export const FOCUS_COLOUR = "#0958d9";
const FOCUS_GLOW = `0 0 0 2px ${FOCUS_COLOUR}`;

/** Secondary text: 5.7:1 on white, 5.5:1 on #FAFAFA. */
const SECONDARY_TEXT = "rgba(0, 0, 0, 0.6)";
/** Placeholders: lighter than values, still 4.7:1 on white. */
const PLACEHOLDER_TEXT = "rgba(0, 0, 0, 0.55)";

/**
 * A light tag's text is its colour's shade 7 on shade 1; where that falls below 4.5:1, the first darker shade of
 * antd's palette that reaches it (tests/unit/theme/theme.test.ts checks each against antd's shade 1).
 */
export const TAG_TEXT_SHADES = {
  volcano7: "#ad2102",
  orange7: "#ad4e00",
  gold7: "#874d00",
  yellow7: "#876800",
  lime7: "#3f6600",
  green7: "#237804",
  cyan7: "#006d75",
} as const;

export function createTheme(mode: string): ThemeConfig {
  return {
    token: {
      colorPrimary: primaryColorFor(mode),
      colorBgLayout: BACKGROUND_COLOR,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      colorLink: FOCUS_COLOUR,
      colorLinkHover: "#003eb3",
      colorLinkActive: "#002c8c",
      colorError: "#cf1322",
      ...breakpointTokens,
    },
    components: {
      Collapse: { headerPadding: "0 16px" },
      Tag: TAG_TEXT_SHADES,
      // A table's "No data" text is antd's disabled colour.
      Table: { colorTextDisabled: SECONDARY_TEXT },
      // A disabled select's value is text axe cannot tell is disabled (a locked scope): readable, on its grey.
      Select: { colorTextDisabled: SECONDARY_TEXT, activeOutlineColor: FOCUS_COLOUR },
      Input: { activeShadow: FOCUS_GLOW },
      InputNumber: { activeShadow: FOCUS_GLOW },
      DatePicker: { activeShadow: FOCUS_GLOW },
      // Text typed as warning or success is antd's icon colours (#faad14, #52c41a: under 2.5:1).
      Typography: { colorWarning: "#ad4e00", colorSuccess: "#237804" },
    },
  };
}
