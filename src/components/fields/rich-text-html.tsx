// Stored rich text rendered as formatted HTML (show pages), after DOMPurify with the shared
// allow-list. Its own chunk: DOMPurify loads only where rich text is shown in full.
import "./rich-text-content.css";
import { useMemo } from "react";
import { sanitizeRichTextHtml } from "./rich-text-sanitize";

export default function RichTextHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeRichTextHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above, by the rich-text allow-list
  return <div className="pr-rich-text-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
