// The frame of the sign-in pages inside the guest frame (which centres it and shows the brand,
// feedback messages and loader): one column, full width on a phone, 400px at most elsewhere.
// Plain elements on purpose: Card/Typography would add weight to the /login first load.
import type { CSSProperties, ReactNode } from "react";

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

export function AuthPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={panel} aria-labelledby="auth-panel-title">
      <h1 id="auth-panel-title" style={heading}>
        {title}
      </h1>
      {children}
    </section>
  );
}
