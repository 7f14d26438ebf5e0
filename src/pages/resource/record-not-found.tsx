// What a record page or drawer shows for an id the server does not know (404): a not-found
// result with the way back to the list, and no actions (there is nothing to edit or delete).
import type { HttpError } from "@refinedev/core";
import { Button, Result } from "antd";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";

/** The record's query answered 404: the record does not exist (or no longer does). */
export function isNotFound(error: unknown): boolean {
  return (error as HttpError | null | undefined)?.statusCode === 404;
}

/**
 * A query retry policy for one record: a 4xx answer (not found, forbidden) stays so on a second
 * ask, and retrying it only keeps a spinner up for seconds; no answer or a 5xx may pass.
 */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = (error as HttpError | null | undefined)?.statusCode ?? 0;
  return !(status >= 400 && status < 500) && failures < 3;
}

export function RecordNotFound({ resource, onBack }: { resource: Resource; onBack: () => void }) {
  return (
    <Result
      status="404"
      title={`This ${inSentence(resource.singular)} does not exist`}
      subTitle="It may have been deleted, or the address is not right."
      extra={
        <Button type="primary" onClick={onBack}>
          Back to {resource.label}
        </Button>
      }
    />
  );
}
