// The antd theme for one environment mode (spec §1, §9), with text colours that keep WCAG AA contrast (4.5:1 on the
// white and #FAFAFA backgrounds): antd's defaults for secondary text (#8c8c8c, 3.4:1), placeholders (#bfbfbf),
// links (#1677ff, 4.1:1), errors and danger buttons (#ff4d4f, 3.3:1) and its light tags' text fall short.
// The focus ring that goes with it is focus.css.
import type { ThemeConfig } from "antd";
import { breakpointTokens } from "./breakpoints";
import { BACKGROUND_COLOR, primaryColorFor } from "./primary-color";

/** Expansion panel titles: at least this tall (the CSS sets min-height, antd has no token for it). */
export const COLLAPSE_HEADER_MIN_HEIGHT = 44;

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
      colorLink: "#0958d9",
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
      Select: { colorTextDisabled: SECONDARY_TEXT },
      // Text typed as warning or success is antd's icon colours (#faad14, #52c41a: under 2.5:1).
      Typography: { colorWarning: "#ad4e00", colorSuccess: "#237804" },
    },
  };
}
