import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Bucket } from "../../src/custom/orders/file-kinds";
import type { FileStorage } from "./storage";

// The embedded store: each bucket a folder under FILES_DIR, each file named by its tus upload id
// (uploads.ts writes them; the tus file store keeps its metadata beside them in a .json file).

export function bucketDir(filesDir: string, bucket: Bucket): string {
  return path.join(filesDir, bucket);
}

export function embeddedStorage(filesDir: string): FileStorage {
  const fileOf = (bucket: Bucket, key: string) => {
    // Keys are the server's own upload ids; never a path out of the bucket's folder.
    if (!/^[\w.-]+$/.test(key)) throw new Error(`Not a key of the embedded store: ${key}`);
    return path.join(bucketDir(filesDir, bucket), key);
  };
  return {
    provider: "embedded",
    async stat(bucket, key) {
      const found = await stat(fileOf(bucket, key)).catch(() => null);
      return found?.isFile() ? { size: found.size, contentType: "application/octet-stream" } : null;
    },
    open(bucket, key) {
      const stream = createReadStream(fileOf(bucket, key));
      // Resolve once the file is open, so a missing file is a rejection here rather than a stream error later.
      return new Promise<Readable>((resolve, reject) => {
        stream.once("open", () => resolve(stream));
        stream.once("error", reject);
      });
    },
    async put(bucket, key, bytes) {
      await mkdir(bucketDir(filesDir, bucket), { recursive: true });
      await writeFile(fileOf(bucket, key), bytes);
    },
    async remove(bucket, key) {
      await rm(fileOf(bucket, key), { force: true });
    },
  };
}
