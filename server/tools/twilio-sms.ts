import type { TwilioConfig } from "../config";

// Text messages through Twilio's Messages API, as Twilio documents it (no SDK: one form-encoded call):
//   POST {api}/2010-04-01/Accounts/{AccountSid}/Messages.json   Basic auth AccountSid:AuthToken
//   To, Body, and From (a number) or MessagingServiceSid (MG…)  → 201 { sid, status, … }
// A refusal answers { code, message, more_info, status }: its message and code are what we keep.

const TIMEOUT_MS = 15_000;

export type SmsResult = { ok: true; sid: string; status: string } | { ok: false; error: string };

export async function sendSms(config: TwilioConfig, to: string, body: string): Promise<SmsResult> {
  const form = new URLSearchParams({ To: to, Body: body });
  if (/^MG[0-9a-fA-F]{32}$/.test(config.from)) form.set("MessagingServiceSid", config.from);
  else form.set("From", config.from);
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const why =
      error instanceof Error && error.name === "TimeoutError" ? "did not answer in time" : "is not reachable";
    return { ok: false, error: `Twilio ${why}` };
  }
  const answer = (await res.json().catch(() => null)) as {
    sid?: string;
    status?: string;
    code?: number;
    message?: string;
  } | null;
  if (res.ok && answer?.sid) return { ok: true, sid: answer.sid, status: answer.status ?? "queued" };
  const why = answer?.message ?? `HTTP ${res.status}`;
  return {
    ok: false,
    error: `Twilio refused the message: ${why}${answer?.code ? ` (error ${answer.code})` : ""}`,
  };
}
