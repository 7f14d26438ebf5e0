// Where a route's permission check sends a user lacking it (spec §2, §6).
import { useGo } from "@refinedev/core";
import { Button, Result } from "antd";

export default function UnauthorizedPage() {
  const go = useGo();
  return (
    <Result
      status="403"
      title="403"
      subTitle="Sorry, you are not authorized to access this page."
      extra={
        <Button type="primary" onClick={() => go({ to: "/" })}>
          Back Home
        </Button>
      }
    />
  );
}
