// The automated campaigns' calls (server/campaigns/routes.ts) through the app's one http client: a failure
// is shown by it (spec §8) and rethrown as a RequestError; a 403 resolves with undefined.
import { request } from "../../providers/http-client";
import type { CampaignRunResult, CampaignSettings } from "./campaign-words";

export interface Campaign extends CampaignSettings {
  id: number;
  version: number;
  next_run_at: string | null;
  last_run_at: string | null;
  created_at: string;
  customer_name: string | null;
  list_name: string | null;
  product_name: string | null;
  template_name: string | null;
  last_outcome: RunOutcome | null;
}

export type RunOutcome = "done" | "retry" | "failed";

export interface CampaignRun {
  id: number;
  job_id: number;
  attempt: number;
  max_attempts: number;
  outcome: RunOutcome;
  error: string | null;
  manual: boolean;
  started_at: string;
  finished_at: string;
  result: CampaignRunResult | null;
}

export interface WaitingRun {
  id: number;
  run_at: string;
  state: "scheduled" | "running";
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  manual: boolean;
}

/** One page of the campaign's runs (newest first) and its waiting jobs. */
export interface CampaignHistory {
  runs: CampaignRun[];
  waiting: WaitingRun[];
  page: number;
  limit: number;
  total: number;
}

export const HISTORY_PAGE_SIZE = 20;

export async function createCampaign(settings: CampaignSettings): Promise<Campaign | undefined> {
  return (await request<{ data: Campaign }>({ method: "POST", resource: "campaigns", data: settings }))?.data;
}

export async function updateCampaign(
  id: number,
  version: number,
  settings: Partial<CampaignSettings>,
): Promise<Campaign | undefined> {
  const answer = await request<{ data: Campaign }>({
    method: "PATCH",
    resource: "campaigns",
    id,
    data: { version, ...settings },
  });
  return answer?.data;
}

export async function setCampaignActive(
  id: number,
  version: number,
  active: boolean,
): Promise<Campaign | undefined> {
  const answer = await request<{ data: Campaign }>({
    method: "POST",
    resource: "campaigns",
    id,
    additionalRouteParams: active ? "resume" : "pause",
    data: { version },
  });
  return answer?.data;
}

/** Deletes the campaign read at `version`; resolves true once it is gone. */
export async function deleteCampaign(id: number, version: number): Promise<boolean> {
  const answer = await request<{ data: { id: number } }>({
    method: "DELETE",
    resource: "campaigns",
    id,
    data: { version },
  });
  return answer !== undefined;
}

export interface RunNowAnswer {
  outcome: RunOutcome | "scheduled" | "lost";
  run: CampaignRun | null;
  campaign: Campaign;
}

export async function runCampaignNow(id: number): Promise<RunNowAnswer | undefined> {
  const answer = await request<{ data: RunNowAnswer }>({
    method: "POST",
    resource: "campaigns",
    id,
    additionalRouteParams: "run",
    data: {},
  });
  return answer?.data;
}
