// The antd theme for one environment mode (spec §1, §9).
import type { ThemeConfig } from "antd";
import { breakpointTokens } from "./breakpoints";
import { BACKGROUND_COLOR, primaryColorFor } from "./primary-color";

/** Expansion panel titles: at least this tall (the CSS sets min-height, antd has no token for it). */
export const COLLAPSE_HEADER_MIN_HEIGHT = 44;

export function createTheme(mode: string): ThemeConfig {
  return {
    token: {
      colorPrimary: primaryColorFor(mode),
      colorBgLayout: BACKGROUND_COLOR,
      ...breakpointTokens,
    },
    components: {
      Collapse: { headerPadding: "0 16px" },
    },
  };
}
