// A rich-text value for reading: a plain-text excerpt in lists and other one-line places, the
// sanitised formatted HTML in full views (loaded on demand, the excerpt shown meanwhile).
import { Typography } from "antd";
import { Suspense } from "react";
import { lazyPage } from "../../routing/lazy-page";
import { richTextExcerpt, richTextPlain } from "./rich-text-excerpt";

const RichTextHtml = lazyPage(() => import("./rich-text-html"));

export function RichTextValue({ html, compact }: { html: string; compact?: boolean }) {
  if (compact) {
    const excerpt = richTextExcerpt(html);
    return (
      <Typography.Text ellipsis={{ tooltip: excerpt }} style={{ maxWidth: 320 }}>
        {excerpt}
      </Typography.Text>
    );
  }
  return (
    <Suspense fallback={<span>{richTextPlain(html)}</span>}>
      <RichTextHtml html={html} />
    </Suspense>
  );
}
