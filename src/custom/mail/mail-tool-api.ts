// The postcard and letter tools' calls (server/mail-tools/routes.ts) through the app's one http client: a
// failure is shown by it (spec §8) and rethrown as a RequestError whose field errors the wizard shows.
import { request } from "../../providers/http-client";
import type { PostageRate, ToolKey, ToolMailClass } from "./mail-tools";
import type { ArtworkSource, DraftFile } from "./tool-artwork";

/** The wizard's answers, as the server takes a job (and as a saved job keeps them). */
export interface ToolJob {
  tool: ToolKey;
  customer_id?: number;
  product_id?: number;
  template_id?: number | null;
  /** The artwork: a template, or files uploaded to the saved job (its `files`); kept in the saved job only. */
  artwork_source?: ArtworkSource;
  width?: number;
  length?: number;
  source?: "list" | "eddm";
  list_ids?: number[];
  route_ids?: number[];
  mail_class?: ToolMailClass;
  quantity?: number;
  drop_dates?: string[];
}

export interface ToolQuote {
  pieces: number;
  available: number;
  print: number;
  rate: number;
  postage: number;
  total: number;
  product_name: string;
  template_name: string | null;
  drops: { drop_no: number; scheduled_date: string; quantity: number }[];
}

export interface ToolDraft {
  id: number;
  tool: ToolKey;
  step: number;
  state: Partial<ToolJob>;
  version: number;
  updated_at: string;
  /** Its uploaded artwork (front, back). */
  files: DraftFile[];
}

export interface MadeOrder {
  order_id: number;
  order_number: string;
  mail_order_id: number;
  mail_order_number: string;
}

/** The job as the server's body: what the wizard has, without the fields it left empty. */
export function jobBody(job: ToolJob): Record<string, unknown> {
  const body: Record<string, unknown> = {
    list_ids: [],
    route_ids: [],
    ...Object.fromEntries(Object.entries(job).filter(([, v]) => v !== undefined && v !== null)),
  };
  // Uploaded artwork: the server takes the saved job's files when the job names no template.
  if (body.artwork_source === "upload") delete body.template_id;
  delete body.artwork_source;
  if (body.source === "eddm") body.list_ids = [];
  else body.route_ids = [];
  if (Array.isArray(body.drop_dates) && body.drop_dates.length === 0) delete body.drop_dates;
  return body;
}

export async function quoteJob(job: ToolJob): Promise<ToolQuote | undefined> {
  return (
    await request<{ data: ToolQuote }>({ method: "POST", resource: "mail-tools/quote", data: jobBody(job) })
  )?.data;
}

export async function createJobOrder(job: ToolJob, draftId?: number): Promise<MadeOrder | undefined> {
  const data = { job: jobBody(job), ...(draftId ? { draft_id: draftId } : {}) };
  return (await request<{ data: MadeOrder }>({ method: "POST", resource: "mail-tools/orders", data }))?.data;
}

export async function fetchDraft(id: string): Promise<ToolDraft | undefined> {
  return (await request<{ data: ToolDraft }>({ method: "GET", resource: "mail-tools/drafts", id }))?.data;
}

export async function saveDraft(draft: {
  id?: number;
  version?: number;
  tool: ToolKey;
  step: number;
  state: Partial<ToolJob>;
}): Promise<ToolDraft | undefined> {
  const answer = draft.id
    ? await request<{ data: ToolDraft }>({
        method: "PATCH",
        resource: "mail-tools/drafts",
        id: draft.id,
        data: { version: draft.version, step: draft.step, state: draft.state },
      })
    : await request<{ data: ToolDraft }>({
        method: "POST",
        resource: "mail-tools/drafts",
        data: { tool: draft.tool, step: draft.step, state: draft.state },
      });
  return answer?.data;
}

export async function removeDraftFile(draftId: number, fileId: number): Promise<void> {
  await request({ method: "DELETE", resource: `mail-tools/drafts/${draftId}/files`, id: fileId });
}

export async function fetchRates(): Promise<{ rates: PostageRate[]; version: number } | undefined> {
  return (
    await request<{ data: { rates: PostageRate[]; version: number } }>({
      method: "GET",
      resource: "mail-tools/rates",
    })
  )?.data;
}

export async function saveRates(version: number, rates: PostageRate[]) {
  return (
    await request<{ data: { rates: PostageRate[]; version: number } }>({
      method: "PUT",
      resource: "mail-tools/rates",
      data: { version, rates },
    })
  )?.data;
}
