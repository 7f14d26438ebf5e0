import type { Config } from "../config";

// The origins this server's app is served from: APP_ORIGINS and PUBLIC_URL, or,
// while APP_ORIGINS is unset, any loopback origin (the demo and development).
// They bound where reset links may point and which pages may call the API cross-origin.

const LOOPBACK = /^https?:\/\/(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/;

export function isAppOrigin(config: Config, origin: string): boolean {
  if (origin === new URL(config.publicUrl).origin) return true;
  if (config.appOrigins.length > 0) return config.appOrigins.includes(origin);
  return LOOPBACK.test(origin);
}
