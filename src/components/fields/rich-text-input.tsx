// The rich-text form input: the editor (Quill and its stylesheet) is its own chunk, fetched when a
// form first shows a rich-text field, so /login and the list pages never load it.
import { theme } from "antd";
import { Suspense } from "react";
import { lazyPage } from "../../routing/lazy-page";
import type { RichTextEditorProps } from "./rich-text-editor";

const RichTextEditor = lazyPage(() => import("./rich-text-editor"));

/** Holds the editor's place (toolbar plus text area) while its code loads. */
function EditorPlaceholder({ placeholder }: { placeholder?: string }) {
  const { token } = theme.useToken();
  return (
    <div
      aria-busy="true"
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        minHeight: 42 + 8 * token.fontSize * token.lineHeight,
        padding: "54px 15px 12px",
        color: token.colorTextPlaceholder,
      }}
    >
      {placeholder}
    </div>
  );
}

export function RichTextInput(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder placeholder={props.placeholder} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
