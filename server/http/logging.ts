import type { FastifyServerOptions } from "fastify";

// Request logs are structured (pino). Secrets never reach them: credentials
// travel in headers and bodies, which are redacted or not logged, and the
// tokens that travel in URLs (reset and invitation links served by the SPA
// fallback) are masked in the logged url.

export type LoggerSetting = boolean | Exclude<FastifyServerOptions["logger"], boolean | undefined>;

const SECRET_PARAMS = /([?&](?:token|password|idToken|current_password)=)[^&#]*/gi;

export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "res.headers['set-cookie']",
  "*.password",
  "*.current_password",
  "*.password_hash",
  "*.token",
  "*.idToken",
  "*.sessionCookie",
  "*.customToken",
];

export function maskUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[Redacted]");
}

export function loggerOptions(setting: LoggerSetting, level: string): FastifyServerOptions["logger"] {
  if (setting === false) return false;
  const base = setting === true ? { level } : setting;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: "[Redacted]" },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: maskUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
