import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { isApiPath } from "./spa";

// Security headers on every answer. The app's pages get a Content-Security-Policy allowing only
// what the app needs: itself (scripts, styles, the API), Google sign-in through Firebase (its
// script, token endpoints and auth-domain frames), the card-payment provider (Stripe.js and its
// frames), images from https (rich text may show them) and data: URLs. antd writes its styles
// at run time, hence 'unsafe-inline' for styles only. The API's JSON answers get a policy that
// allows nothing, and no answer may be framed.

const GOOGLE_SCRIPTS = ["https://apis.google.com", "https://www.gstatic.com"];
const GOOGLE_CONNECT = ["https://*.googleapis.com", "https://apis.google.com"];
const GOOGLE_FRAMES = [
  "https://*.firebaseapp.com",
  "https://*.web.app",
  "https://accounts.google.com",
  "https://apis.google.com",
];
const STRIPE = ["https://js.stripe.com", "https://api.stripe.com", "https://hooks.stripe.com"];

export function contentSecurityPolicy(config: Config): string {
  const emulator = config.firebase?.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [];
  const extra = [...config.cspOrigins, ...emulator];
  // The app uploads order files to Firebase Storage itself (firebasestorage.googleapis.com is one of
  // Google's above), or to its emulator in tests.
  const storage = config.fileStorage;
  const storageEmulator =
    storage.provider === "firebase" && storage.emulatorHost ? [`http://${storage.emulatorHost}`] : [];
  const list = (...sources: string[]) => [...new Set(sources)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...GOOGLE_SCRIPTS, "https://js.stripe.com")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${list("'self'", ...GOOGLE_CONNECT, ...STRIPE, ...extra, ...storageEmulator)}`,
    `frame-src ${list(...GOOGLE_FRAMES, ...STRIPE, ...extra)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const pagePolicy = contentSecurityPolicy(config);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "DENY");
    if (isApiPath(request.url)) {
      reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
      // Answers hold tenant data: never kept by a shared cache or the browser's disk cache.
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      return;
    }
    reply.header("content-security-policy", pagePolicy);
    // Google's sign-in popup must be able to report back to the opener.
    reply.header("cross-origin-opener-policy", "same-origin-allow-popups");
    reply.header(
      "permissions-policy",
      'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
    );
    if (config.publicUrl.startsWith("https://")) {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
  });
}
