// Catches what a guest page throws while rendering, so the frame shows a message instead of going blank.
// The guest app keys it by path: going to another page starts again with a clean boundary.
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import { Component, type ErrorInfo, type ReactNode } from "react";

export const GUEST_ERROR_MESSAGE = "Something went wrong! Please try again.";

export class GuestErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        type="error"
        showIcon
        message={GUEST_ERROR_MESSAGE}
        action={
          <Button size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    );
  }
}
