import { describe, expect, it } from "vitest";
import { takesThumbnail, thumbnailKeyOf } from "../../../server/files/thumbnails";
import { fileHref, itemFiles } from "../../../src/custom/orders/file-links";
import { keptSession, SESSION_DAYS, sessionKey } from "../../../src/custom/orders/storage-resumable";

// Which files an order item shows as thumbnails, where a signed link leads, which files get a thumbnail, and
// which kept Firebase upload session a chosen file resumes.

const file = (id: number, kind: string, order_item_id: number | null) => ({ id, kind, order_item_id });

describe("an item's files", () => {
  it("are its artwork, print-ready and proof files, oldest first; other kinds and other items' are left out", () => {
    const files = [
      file(9, "proof", 3),
      file(4, "artwork", 3),
      file(5, "other", 3),
      file(6, "artwork", 7),
      file(7, "artwork", null),
      file(8, "print_ready", 3),
    ];
    expect(itemFiles(files, 3).map((f) => f.id)).toEqual([4, 8, 9]);
    expect(itemFiles(files, 7).map((f) => f.id)).toEqual([6]);
    expect(itemFiles(files, 11)).toEqual([]);
  });
});

describe("a signed link", () => {
  it("opens on the API's origin, from any page of the app", () => {
    const link = "/api/v1/files/12/thumbnail?expires=1900000000&sig=abc";
    expect(fileHref(link, "http://shop.example/orders/12?tab=files")).toBe(
      "http://shop.example/api/v1/files/12/thumbnail?expires=1900000000&sig=abc",
    );
  });
});

describe("thumbnails", () => {
  it.each([
    ["application/pdf", 1_000_000, true],
    ["image/png", 5_000, true],
    ["image/jpeg", 32 * 1024 * 1024, true],
    ["image/jpeg", 32 * 1024 * 1024 + 1, false],
    ["image/tiff", 5_000, false],
    ["application/zip", 5_000, false],
    ["application/postscript", 5_000, false],
  ])("a %s of %i bytes gets one: %s", (type, size, expected) => {
    expect(takesThumbnail(type, size)).toBe(expected);
  });

  it("is kept beside the file's own key", () => {
    expect(thumbnailKeyOf("t1-0b6f4f0e-2c55-4a8e-9d59-3f1c2b7a9e10")).toBe(
      "t1-0b6f4f0e-2c55-4a8e-9d59-3f1c2b7a9e10.thumb.png",
    );
    expect(thumbnailKeyOf("1/42/0b6f4f0e-2c55-4a8e-9d59-3f1c2b7a9e10")).toBe(
      "1/42/0b6f4f0e-2c55-4a8e-9d59-3f1c2b7a9e10.thumb.png",
    );
  });
});

describe("a kept upload session", () => {
  const file = { name: "flyer front.pdf", size: 1_048_576, lastModified: 1_700_000_000_000 };
  const memory = (entries: Record<string, string> = {}) => {
    const map = new Map(Object.entries(entries));
    return {
      map,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
  };

  it("is keyed by the order, kind, item and the file's size, date and name", () => {
    const key = sessionKey(42, file, "artwork", 7);
    expect(key).toBe("pressroom.storage-upload.42.artwork.7.1048576.1700000000000.flyer front.pdf");
    expect(sessionKey(43, file, "artwork", 7)).not.toBe(key);
    expect(sessionKey(42, { ...file, lastModified: 1 }, "artwork", 7)).not.toBe(key);
    expect(sessionKey(42, file, "proof", 7)).not.toBe(key);
    expect(sessionKey(42, file, "artwork", null)).toBe(
      "pressroom.storage-upload.42.artwork.-.1048576.1700000000000.flyer front.pdf",
    );
  });

  it("is resumed while young, and forgotten once older than Storage keeps it or when damaged", () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const kept = { url: "http://s/upload/1", bucket: "b", path: "1/42/u", contentType: "application/pdf" };
    const young = memory({
      k: JSON.stringify({ ...kept, started: now - (SESSION_DAYS * 24 - 1) * 3600_000 }),
    });
    expect(keptSession(young, "k", now)).toMatchObject(kept);
    const old = memory({ k: JSON.stringify({ ...kept, started: now - (SESSION_DAYS * 24 + 1) * 3600_000 }) });
    expect(keptSession(old, "k", now)).toBeNull();
    expect(old.map.size).toBe(0);
    const damaged = memory({ k: "{not json" });
    expect(keptSession(damaged, "k", now)).toBeNull();
    expect(damaged.map.size).toBe(0);
    expect(keptSession(memory(), "k", now)).toBeNull();
  });
});
