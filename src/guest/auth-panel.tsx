// The frame of the sign-in pages inside the guest frame (which centres it and shows the brand,
// feedback messages and loader): one column, full width on a phone, 400px at most elsewhere.
// Plain elements on purpose: Card/Typography would add weight to the /login first load.
import { type CSSProperties, type ReactNode, useEffect, useRef } from "react";
import { useHydrated } from "./guest-hydration";

const panel: CSSProperties = {
  width: "100%",
  maxWidth: 400,
  padding: 24,
  boxSizing: "border-box",
  background: "#fff",
  borderRadius: 8,
  boxShadow: "0 1px 4px rgba(0, 0, 0, 0.08)",
};

const heading: CSSProperties = { fontSize: 24, fontWeight: 600, margin: "0 0 24px" };

// A fieldset only for its `disabled`; laid out like a plain block.
const controls: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };

export function AuthPanel({ title, children }: { title: string; children: ReactNode }) {
  // A pre-rendered page shows before its code has arrived (src/prerender/). Until the app has taken it over,
  // its fields and buttons are disabled: a submit then would be the browser's own (a reload that drops the query:
  // the token, the redirect), a click on Google's button would be lost, and typing would not reach the form's
  // state. Links work throughout.
  const hydrated = useHydrated();
  const fields = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    // The browser skipped the pre-rendered autofocus while the field was disabled, and React only focuses
    // elements it creates: focus it now, unless the visitor is already somewhere.
    const focused = document.activeElement;
    if (hydrated && (!focused || focused === document.body))
      fields.current?.querySelector<HTMLElement>("[autofocus]")?.focus();
  }, [hydrated]);
  return (
    <section style={panel} aria-labelledby="auth-panel-title">
      <h1 id="auth-panel-title" style={heading}>
        {title}
      </h1>
      <fieldset ref={fields} disabled={!hydrated} role="none" style={controls}>
        {children}
      </fieldset>
    </section>
  );
}
