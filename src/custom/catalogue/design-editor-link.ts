// How the app opens the design editor (README "Design editor contract"): the configured base URL and
// subfolder (spec §5), with the template, its site, the tenant, the editor's token (POST
// templates/{id}/design-sessions), the API's absolute address and the app's origin (the one
// window.postMessage target the editor may answer) as URL parameters.

export const DESIGN_SAVED_MESSAGE = "pressroom:design-saved";

export interface DesignEditorTarget {
  baseUrl: string;
  subfolder: string;
  /** The page's origin: relative addresses are resolved against it. */
  origin: string;
  apiBaseUrl: string;
  tenantId: number;
  templateId: number;
  siteId: number;
  token: string;
}

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, "");

export function designEditorUrl(t: DesignEditorTarget): string {
  const base = new URL(`${t.baseUrl.replace(/\/+$/, "")}/`, t.origin);
  const folder = trimSlashes(t.subfolder);
  const url = new URL(folder ? `${folder}/` : "", base);
  url.search = new URLSearchParams({
    template_id: String(t.templateId),
    site_id: String(t.siteId),
    tenant: String(t.tenantId),
    token: t.token,
    api: new URL(t.apiBaseUrl, t.origin).href.replace(/\/+$/, ""),
    origin: t.origin,
  }).toString();
  return url.href;
}

/** The origin the configured editor's pages (and so its messages) come from. */
export function designEditorOrigin(baseUrl: string, origin: string): string {
  return new URL(`${baseUrl.replace(/\/+$/, "")}/`, origin).origin;
}

/** The editor's "saved" message for this template, or undefined for anything else. */
export function savedDesign(data: unknown, templateId: number): { design_version: number } | undefined {
  if (!data || typeof data !== "object") return undefined;
  const m = data as Record<string, unknown>;
  if (m.type !== DESIGN_SAVED_MESSAGE || Number(m.template_id) !== Number(templateId)) return undefined;
  return typeof m.design_version === "number" ? { design_version: m.design_version } : undefined;
}
