// The reason under a disabled Google button. A plain paragraph: the sign-in pages stay light.
export function SsoUnavailable({ message }: { message: string }) {
  return (
    <p id="sso-unavailable" style={{ margin: "8px 0 0", color: "rgba(0, 0, 0, 0.55)", fontSize: 13 }}>
      {message}
    </p>
  );
}
