// What a user sees when a page's code cannot be loaded even after one reload (spec §8).
import { Button, Result } from "antd";
import { useEffect } from "react";
import { dismiss, getMessages } from "../providers/feedback-store";
import { CHUNK_FAILURE_MESSAGE } from "../routing/chunk-recovery";

export function ChunkFailureResult() {
  // The recovery also raised this as a lasting alert (for failures outside any page);
  // here the page itself says it, once is enough.
  useEffect(() => {
    for (const message of getMessages()) if (message.text === CHUNK_FAILURE_MESSAGE) dismiss(message.id);
  }, []);
  return (
    <Result
      status="warning"
      title={CHUNK_FAILURE_MESSAGE}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
