// PLACEHOLDER for the order's files tab (artwork, preflight, proofs: issue 19's files part, built by
// a later change that replaces this file). It says honestly that nothing is built yet.
import { Empty } from "antd";

export function FilesTab() {
  return <Empty description="Files and proofs are not built yet" />;
}
