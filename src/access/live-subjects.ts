// Live events of records that are no resource kind (the contract's "Live updates" stream carries them as
// `change` events like any kind's): each with the API path its events name, and the kind whose Read a reader
// needs, the same permission its endpoints ask. A campaign's runs (started, done, retried, failed) are told
// on "campaigns" to readers of mail orders (server/campaigns/routes.ts asks MailOrder Read).

export const LIVE_SUBJECTS = {
  Campaign: { path: "campaigns", readKind: "MailOrder" },
} as const;

export type LiveSubject = keyof typeof LIVE_SUBJECTS;

export function isLiveSubject(value: unknown): value is LiveSubject {
  return typeof value === "string" && Object.hasOwn(LIVE_SUBJECTS, value);
}
