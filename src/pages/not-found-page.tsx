// Every unknown path (spec §2).
import { useGo } from "@refinedev/core";
import { Button, Result } from "antd";

export default function NotFoundPage() {
  const go = useGo();
  return (
    <Result
      status="404"
      title="404"
      subTitle="Sorry, the page you visited does not exist."
      extra={
        <Button type="primary" onClick={() => go({ to: "/" })}>
          Back Home
        </Button>
      }
    />
  );
}
