// An order page whose data could not be loaded: a missing order (404) says so, anything else shows
// the server's words under `title`; both lead back to the orders.
import type { HttpError } from "@refinedev/core";
import { Result } from "antd";
import { Link } from "react-router";
import { errorText } from "./use-desk-call";

export function OrderLoadError({ error, title }: { error: unknown; title: string }) {
  const notFound = (error as HttpError | null)?.statusCode === 404;
  return (
    <Result
      status={notFound ? "404" : "warning"}
      title={notFound ? "This order does not exist" : title}
      subTitle={notFound ? "It may have been deleted, or the address is not right." : errorText(error)}
      extra={<Link to="/orders">Back to orders</Link>}
    />
  );
}
