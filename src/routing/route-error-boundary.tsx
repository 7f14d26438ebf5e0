// Catches what a route throws while rendering, above all a page whose code failed to load,
// so the main area shows a message instead of going blank. Reset when the route changes.
import { Button, Result } from "antd";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ChunkFailureResult } from "../components/chunk-failure-result";
import { PageSpinner } from "../components/page-spinner";
import { chunkRecovery } from "./browser-chunk-recovery";
import { type ChunkRecovery, isChunkLoadError, type RecoveryOutcome } from "./chunk-recovery";

interface BoundaryProps {
  children: ReactNode;
  pathname: string;
  recovery: Pick<ChunkRecovery, "handleFailure">;
}

type BoundaryState = { error?: undefined } | { error: unknown; outcome?: RecoveryOutcome };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error)) {
      this.setState({ error, outcome: this.props.recovery.handleFailure() });
    } else {
      console.error(error, info.componentStack);
    }
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    // Leaving a broken page starts again with a clean boundary (and keeps working pages mounted).
    if (this.state.error !== undefined && previous.pathname !== this.props.pathname)
      this.setState({ error: undefined });
  }

  override render() {
    const { state } = this;
    if (state.error === undefined) return this.props.children;
    if (isChunkLoadError(state.error)) {
      // Until componentDidCatch decided, and while the reload is on its way: a spinner.
      return "outcome" in state && state.outcome === "failed" ? <ChunkFailureResult /> : <PageSpinner />;
    }
    return (
      <Result
        status="error"
        title="Something went wrong! Please try again."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    );
  }
}

export function RouteErrorBoundary({
  children,
  recovery = chunkRecovery,
}: {
  children: ReactNode;
  recovery?: Pick<ChunkRecovery, "handleFailure">;
}) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary pathname={pathname} recovery={recovery}>
      {children}
    </ErrorBoundary>
  );
}
