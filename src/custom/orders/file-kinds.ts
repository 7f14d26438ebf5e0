// An order file's kinds, buckets and accepted types: the app's upload form and the server's checks
// read this one list. Proofs go to the customer-proofs bucket, everything else to the shop's.

export const FILE_KINDS = ["artwork", "proof", "print_ready", "other"] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  artwork: "Artwork",
  proof: "Proof",
  print_ready: "Print-ready",
  other: "Other",
};

export type Bucket = "proofs" | "shop";
export const bucketOf = (kind: FileKind): Bucket => (kind === "proof" ? "proofs" : "shop");

/** What a print shop is sent: PDFs, images, design packages. */
export const FILE_TYPES: Record<string, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/tiff": "TIFF",
  "application/postscript": "EPS / AI",
  "application/zip": "ZIP",
};
export const ACCEPT = ".pdf,.jpg,.jpeg,.png,.tif,.tiff,.eps,.ai,.zip";

export const PREFLIGHT_RESULTS = ["pass", "warn", "fail"] as const;
export type PreflightResult = (typeof PREFLIGHT_RESULTS)[number];

/** The type the server accepts for a file, from its declared type or else its name's extension. */
export function fileTypeOf(name: string, declared: string | undefined): string | undefined {
  if (declared && declared in FILE_TYPES) return declared;
  const ext = name.toLowerCase().split(".").pop() ?? "";
  const byExt: Record<string, string> = {
    pdf: "application/pdf",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    tif: "image/tiff",
    tiff: "image/tiff",
    eps: "application/postscript",
    ai: "application/postscript",
    zip: "application/zip",
  };
  return byExt[ext];
}

/** The postcard and letter tools' uploaded artwork: the printable kinds only (a PDF, PNG or JPEG). */
export const TOOL_ARTWORK_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export const TOOL_ARTWORK_ACCEPT = ".pdf,.png,.jpg,.jpeg";
export const ARTWORK_SIDES = ["front", "back"] as const;
export type ArtworkSide = (typeof ARTWORK_SIDES)[number];

/** Whose file it is, as an upload announces it: the order, or (before the order exists) a saved tool job's side. */
export function ownerFields(owner: {
  orderId?: number;
  draft?: { id: number; side: ArtworkSide };
}): Record<string, string> {
  return owner.draft
    ? { draft_id: String(owner.draft.id), side: owner.draft.side }
    : { order_id: String(owner.orderId) };
}
