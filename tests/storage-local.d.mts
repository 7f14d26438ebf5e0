// Types of storage-local.mjs (a test fixture answering Firebase Storage's REST requests).
export interface StorageLocalRequest {
  method: string;
  path: string;
  /** X-Goog-Upload-Command, or "". */
  command: string;
  offset: string | null;
  bytes: number;
  authorization: string | null;
}
export interface StorageLocalObject {
  bytes: Buffer;
  contentType: string;
}
export interface StorageLocal {
  /** host:port, for connectStorageEmulator and FIREBASE_STORAGE_EMULATOR_HOST. */
  host: string;
  port: number;
  requests: StorageLocalRequest[];
  /** Puts an object as if uploaded; answers its metadata. */
  put(bucket: string, name: string, bytes: Uint8Array, contentType?: string): Record<string, string>;
  object(bucket: string, name: string): StorageLocalObject | null;
  /** The first upload chunk reaching past this offset answers 503 and is not kept. */
  failUploadAt(offset: number): void;
  close(): Promise<void>;
}
export function startStorageLocal(options?: { port?: number }): Promise<StorageLocal>;
