// A resumable upload of one file to the order's files (the tus protocol, tus-js-client loaded only
// when a file is sent). The client remembers an unfinished upload in localStorage by the file's
// fingerprint: choosing the same file again after an interruption (a dropped connection, a closed
// tab) resumes at the offset the server holds instead of starting over.
import { apiUrl } from "../../providers/post-json";
import { getSessionToken } from "../../providers/session";
import { bucketOf, type FileKind } from "./file-kinds";

export interface UploadRequest {
  file: File;
  orderId: number;
  kind: FileKind;
  itemId?: number | null;
  onProgress(percent: number): void;
}

/** The server's words for a refused upload (its JSON error body), else tus' own. */
function refusal(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } })
    .originalResponse;
  const body = response?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: string; errors?: { message: string }[] };
      const fields = (parsed.errors ?? []).map((e) => e.message);
      return fields.length > 0 ? fields.join(" ") : (parsed.message ?? body);
    } catch {
      return body.trim();
    }
  }
  return "The upload stopped: check the connection and choose the file again to resume.";
}

/** Resolves with the new file's id once every byte is stored; rejects with a sentence to show. */
export async function uploadOrderFile(request: UploadRequest): Promise<number> {
  const { Upload } = await import("tus-js-client");
  return new Promise<number>((resolve, reject) => {
    let fileId = 0;
    const upload = new Upload(request.file, {
      endpoint: apiUrl(`uploads/${bucketOf(request.kind)}`),
      headers: { Authorization: `Bearer ${getSessionToken() ?? ""}` },
      metadata: {
        order_id: String(request.orderId),
        kind: request.kind,
        filename: request.file.name,
        filetype: request.file.type,
        ...(request.itemId ? { item_id: String(request.itemId) } : {}),
      },
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => request.onProgress(total ? Math.floor((sent / total) * 100) : 0),
      onAfterResponse: (_req, res) => {
        const id = res.getHeader("Pressroom-File-Id");
        if (id) fileId = Number(id);
      },
      onError: (error) => reject(new Error(refusal(error))),
      onSuccess: () => resolve(fileId),
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}
