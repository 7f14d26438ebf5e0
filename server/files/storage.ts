import type { Readable } from "node:stream";
import type { Bucket } from "../../src/custom/orders/file-kinds";
import type { Config } from "../config";
import { embeddedStorage } from "./embedded-storage";
import { firebaseStorage } from "./firebase-storage";

// Where order files are read from: one interface, two stores. The embedded store (the default) keeps
// each bucket in a folder under FILES_DIR, written by the tus uploads (uploads.ts); Firebase Storage
// (FILE_STORAGE=firebase) keeps them in the configuration's two buckets, written by the app itself
// with Firebase's resumable upload (storage-uploads.ts registers them). Downloads through the signed
// links and preflight read through this interface, as streams.

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface FileStorage {
  readonly provider: "embedded" | "firebase";
  /** The object's size and type, or null when there is none under that key. */
  stat(bucket: Bucket, key: string): Promise<StoredObject | null>;
  /** The object's bytes as a stream (never read whole); rejects when it cannot be read. */
  open(bucket: Bucket, key: string): Promise<Readable>;
  /** Stores a small object the server made itself (a thumbnail), replacing any under that key. */
  put(bucket: Bucket, key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the object (none there is no error). */
  remove(bucket: Bucket, key: string): Promise<void>;
}

const stores = new WeakMap<Config, FileStorage>();

/** The store of this configuration (one per config object: the Firebase one caches its access token). */
export function fileStorageOf(config: Config): FileStorage {
  let store = stores.get(config);
  if (!store) {
    const setting = config.fileStorage;
    store = setting.provider === "firebase" ? firebaseStorage(setting) : embeddedStorage(config.filesDir);
    stores.set(config, store);
  }
  return store;
}
