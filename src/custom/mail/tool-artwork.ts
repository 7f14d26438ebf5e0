// The artwork step's rules (issue 22): a template or uploaded artwork (a front, and a back for a postcard),
// the files the tools take (a PDF, PNG or JPEG: the server decides again, with its size limit), and what the
// job sends the server (its template only when the artwork is a template).
import { type ArtworkSide, fileTypeOf, TOOL_ARTWORK_TYPES } from "../orders/file-kinds";
import type { MailTool } from "./mail-tools";

export type ArtworkSource = "template" | "upload";

/** An uploaded file of a saved job, as GET /mail-tools/drafts/{id} lists it. */
export interface DraftFile {
  id: number;
  side: ArtworkSide;
  name: string;
  content_type: string;
  size: number;
}

/** The sides a tool prints: a postcard's front and back, a letter's front. */
export const sidesOf = (tool: MailTool): ArtworkSide[] =>
  tool.shape === "card" ? ["front", "back"] : ["front"];

/** Why the step cannot go on, or undefined: uploaded artwork needs its front. */
export function artworkStepProblem(
  source: ArtworkSource | undefined,
  files: DraftFile[],
): string | undefined {
  if (source !== "upload") return undefined;
  return files.some((f) => f.side === "front")
    ? undefined
    : "Upload the front artwork, or choose a template instead";
}

/** Why a chosen file cannot be artwork, before anything is sent (the server checks again). */
export function artworkFileProblem(file: { name: string; type: string }): string | undefined {
  const type = fileTypeOf(file.name, file.type || undefined);
  if (type && (TOOL_ARTWORK_TYPES as readonly string[]).includes(type)) return undefined;
  return `${file.name} is not printable artwork: send a PDF, PNG or JPEG`;
}
