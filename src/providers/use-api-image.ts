import { useEffect, useState } from "react";
import { httpClient } from "./http-client";

// An image behind the API (it needs the session's Authorization header, which <img src> cannot
// send): fetched as a blob and shown through an object URL, released when the path changes.
// `missing`: the server has no such image (404).
export function useApiImage(path: string | undefined): { url?: string; loading: boolean; missing: boolean } {
  const [state, setState] = useState<{ url?: string; loading: boolean; missing: boolean }>({
    loading: Boolean(path),
    missing: false,
  });
  useEffect(() => {
    if (!path) {
      setState({ loading: false, missing: true });
      return;
    }
    let objectUrl: string | undefined;
    let live = true;
    setState({ loading: true, missing: false });
    httpClient
      .get<Blob>(path, { responseType: "blob" })
      .then((response) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(response.data);
        setState({ url: objectUrl, loading: false, missing: false });
      })
      .catch(() => live && setState({ loading: false, missing: true }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return state;
}
