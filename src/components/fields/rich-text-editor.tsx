// The rich-text editor (spec §5): Quill 2 in a small controlled wrapper. Loaded on demand through
// rich-text-input.tsx, so Quill and its stylesheet stay out of every other bundle.
// Value: the HTML string (rich-text-serialize.ts), "" for an empty editor; onTextChange gets the
// trimmed plain text. The DOM under the host element belongs to Quill, never to React.
import "quill/dist/quill.snow.css";
import "./rich-text-editor.css";
import { ConfigProvider, theme } from "antd";
import { type CSSProperties, useEffect, useLayoutEffect, useRef } from "react";
import { labelToolbar } from "./rich-text-labels";
import { createQuill, type Quill } from "./rich-text-quill";
import { type DeltaOp, deltaToHtml } from "./rich-text-serialize";

export interface RichTextEditorProps {
  /** Form.Item's id: given to the editable area, which its label then names and focuses. */
  id?: string;
  value?: string | null;
  onChange?: (html: string) => void;
  /** The trimmed plain text, whenever the content changes (typed or loaded). */
  onTextChange?: (text: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

const htmlOf = (quill: Quill) => deltaToHtml(quill.getContents().ops as DeltaOp[]);
const textOf = (quill: Quill) => quill.getText().trim();

/** Shows stored HTML without reporting a change: Quill's clipboard parses it inertly and keeps only registered formats. */
function load(quill: Quill, html: string): void {
  quill.setContents(quill.clipboard.convert({ html }), "silent");
  quill.history.clear();
}

/** Links the Form.Item label to the editable area (a div cannot be a label's control). */
function linkLabel(root: HTMLElement, id: string | undefined, fallback: string | undefined): () => void {
  const label = id
    ? [...root.ownerDocument.getElementsByTagName("label")].find((l) => l.htmlFor === id)
    : undefined;
  if (!label) {
    if (fallback) root.setAttribute("aria-label", fallback);
    return () => {};
  }
  if (!label.id) label.id = `${id}-label`;
  root.setAttribute("aria-labelledby", label.id);
  const focus = () => root.focus();
  label.addEventListener("click", focus);
  return () => label.removeEventListener("click", focus);
}

export default function RichTextEditor({
  id,
  value,
  onChange,
  onTextChange,
  placeholder,
  disabled,
}: RichTextEditorProps) {
  const { token } = theme.useToken();
  // A disabled Form (or ConfigProvider) disables its inputs through this context.
  const formDisabled = ConfigProvider.useConfig().componentDisabled;
  const isDisabled = disabled ?? formDisabled ?? false;
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // The HTML the editor holds as far as the form knows: the value loaded or last reported.
  const shownRef = useRef<string>("");
  const latest = useRef({ value, onChange, onTextChange, placeholder });
  useLayoutEffect(() => {
    latest.current = { value, onChange, onTextChange, placeholder };
  });

  // One Quill per mount (Strict Mode mounts twice: the cleanup empties the host).
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later props arrive through refs and the effects below
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const container = host.ownerDocument.createElement("div");
    host.appendChild(container);
    const quill = createQuill(container, latest.current.placeholder);
    quillRef.current = quill;
    const root = quill.root;
    root.setAttribute("role", "textbox");
    root.setAttribute("aria-multiline", "true");
    if (id) root.id = id;
    labelToolbar(host);
    const unlinkLabel = linkLabel(root, id, latest.current.placeholder);
    shownRef.current = latest.current.value ?? "";
    load(quill, shownRef.current);
    latest.current.onTextChange?.(textOf(quill));
    quill.on("text-change", () => {
      const html = htmlOf(quill);
      const changed = html !== shownRef.current;
      shownRef.current = html;
      if (changed) latest.current.onChange?.(html);
      latest.current.onTextChange?.(textOf(quill));
    });
    return () => {
      unlinkLabel();
      quillRef.current = null;
      host.replaceChildren();
    };
  }, []);

  // A value from outside (the record loaded, the form reset): load it unless it is what we hold.
  useEffect(() => {
    const quill = quillRef.current;
    const next = value ?? "";
    if (!quill || next === shownRef.current) return;
    shownRef.current = next;
    load(quill, next);
    latest.current.onTextChange?.(textOf(quill));
  }, [value]);

  useEffect(() => {
    const quill = quillRef.current;
    const host = hostRef.current;
    if (!quill || !host) return;
    quill.enable(!isDisabled);
    for (const button of host.querySelectorAll<HTMLButtonElement>(".ql-toolbar button")) {
      button.disabled = isDisabled;
    }
    for (const label of host.querySelectorAll<HTMLElement>(".ql-toolbar .ql-picker-label")) {
      label.tabIndex = isDisabled ? -1 : 0;
      label.setAttribute("aria-disabled", String(isDisabled));
    }
    quill.root.setAttribute("aria-disabled", String(isDisabled));
  }, [isDisabled]);

  const style = {
    "--pr-rt-border": token.colorBorder,
    "--pr-rt-split": token.colorSplit,
    "--pr-rt-hover": token.colorPrimaryHover,
    "--pr-rt-primary": token.colorPrimary,
    "--pr-rt-outline": token.controlOutline,
    "--pr-rt-outline-width": `${token.controlOutlineWidth}px`,
    "--pr-rt-radius": `${token.borderRadius}px`,
    "--pr-rt-bg": token.colorBgContainer,
    "--pr-rt-bg-disabled": token.colorBgContainerDisabled,
    "--pr-rt-text": token.colorText,
    "--pr-rt-text-disabled": token.colorTextDisabled,
    "--pr-rt-placeholder": token.colorTextPlaceholder,
    "--pr-rt-icon": token.colorTextSecondary,
    "--pr-rt-error": token.colorError,
    "--pr-rt-popup-bg": token.colorBgElevated,
    "--pr-rt-popup-shadow": token.boxShadowSecondary,
    "--pr-rt-font": token.fontFamily,
    "--pr-rt-font-size": `${token.fontSize}px`,
  } as CSSProperties;

  return (
    <div
      ref={hostRef}
      className={isDisabled ? "pr-rich-text pr-rich-text--disabled" : "pr-rich-text"}
      style={style}
    />
  );
}
