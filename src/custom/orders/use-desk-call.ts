// The order desk's server calls (POST orders/{id}/actions/…, payments, reprint …) through the app's
// data provider (custom), without the global error toast: each dialog shows the server's sentence
// where the user acted.
import { type HttpError, useCustomMutation } from "@refinedev/core";

/** The server's words for a refusal: the 409's sentence, or a 400's field messages. */
export function errorText(error: unknown): string {
  const e = error as Partial<HttpError> | undefined;
  const fields = Object.values(e?.errors ?? {})
    .flat()
    .filter((m): m is string => typeof m === "string");
  if (fields.length > 0 && (e?.message === "Validation failed" || !e?.message)) return fields.join(" ");
  return e?.message ?? "Something went wrong! Please try again.";
}

export function useDeskCall() {
  const { mutateAsync, mutation } = useCustomMutation();
  const call = async <T = Record<string, unknown>>(url: string, values: object = {}): Promise<T> => {
    const answer = await mutateAsync({
      url,
      method: "post",
      values,
      successNotification: false,
      errorNotification: false,
    });
    return answer.data as T;
  };
  return { call, pending: mutation.isPending };
}
