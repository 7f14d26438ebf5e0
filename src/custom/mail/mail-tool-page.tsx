// /postcard-tool, /letter-tool and /{id} (issue 22): one wizard for both tools, driven by the tool's
// declaration (mail-tools.ts MAIL_TOOLS): product and size → artwork → a mailing list or EDDM routes → count
// and price → drop dates → proof → the order. Each step's fields are checked here, then by the server (the
// price and the drops ask POST mail-tools/quote; its field errors are shown on the fields); finishing
// creates the order, its mail order and drops in one request and goes to the order's page. "Save" keeps
// the job at any step; /{tool}/{id} resumes it.
import { Alert, Button, Card, Flex, Form, Spin, Steps, Typography } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { can } from "../../access/permissions";
import { PermissionNotice } from "../../components/permission-notice";
import { RequestError } from "../../providers/request-error";
import { useMergedPermissions } from "../orders/use-merged-permissions";
import type { ArtworkUploadsProps } from "./artwork-uploads";
import {
  createJobOrder,
  fetchDraft,
  quoteJob,
  removeDraftFile,
  saveDraft,
  type ToolDraft,
  type ToolJob,
  type ToolQuote,
} from "./mail-tool-api";
import { ArtworkStep, DropsStep, MailingStep, PriceStep, ProductStep, ProofStep } from "./mail-tool-steps";
import { MAIL_TOOLS, type MailTool, type ToolKey } from "./mail-tools";
import { PostageRatesButton } from "./postage-rates";
import { parseRouteIds } from "./route-totals";
import { artworkStepProblem, type DraftFile } from "./tool-artwork";

/** What a step's body is drawn from. */
interface StepContext {
  tool: MailTool;
  job: ToolJob;
  quote?: ToolQuote;
  artwork: Omit<ArtworkUploadsProps, "tool">;
}

interface Step {
  title: string;
  /** The form fields the step holds, checked before leaving it. */
  fields: (keyof ToolJob | "proof_ok")[];
  /** A rule beyond the fields' own (the artwork step's uploaded front). */
  check?: (job: ToolJob, files: DraftFile[]) => string | undefined;
  /** Ask the server (price, drops) before going on. */
  quote?: "price" | "drops";
  body: (context: StepContext) => ReactNode;
}

const STEPS: Step[] = [
  {
    title: "Product and size",
    fields: ["customer_id", "product_id", "width", "length"],
    body: ({ tool }) => <ProductStep tool={tool} />,
  },
  {
    title: "Artwork",
    fields: ["artwork_source", "template_id"],
    check: (job, files) => artworkStepProblem(job.artwork_source, files),
    body: ({ tool, artwork }) => <ArtworkStep tool={tool} {...artwork} />,
  },
  {
    title: "Mailing",
    fields: ["source", "list_ids", "route_ids"],
    body: ({ tool }) => <MailingStep tool={tool} />,
  },
  {
    title: "Count and price",
    fields: ["mail_class", "quantity"],
    quote: "price",
    body: ({ quote }) => <PriceStep quote={quote} />,
  },
  {
    title: "Drop dates",
    fields: ["drop_dates"],
    quote: "drops",
    body: ({ quote }) => <DropsStep quote={quote} />,
  },
  {
    title: "Proof",
    fields: ["proof_ok"],
    body: ({ tool, job, quote, artwork }) => (
      <ProofStep tool={tool} job={job} quote={quote} files={artwork.files} />
    ),
  },
];

const START: Partial<ToolJob> = {
  artwork_source: "template",
  source: "list",
  mail_class: "marketing",
  drop_dates: [],
};

/** Field errors from the server, as form fields (drop_dates.1 → the second drop). */
function errorFields(error: unknown) {
  if (!(error instanceof RequestError) || !error.errors) return [];
  return Object.entries(error.errors).map(([name, errors]) => ({
    name: name.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as (string | number)[],
    errors,
  }));
}

/** The wizard, for those who may make what it makes; the others are told what they lack (the route is open). */
export default function MailToolPage({ tool: key }: { tool: ToolKey }) {
  const merged = useMergedPermissions();
  const allowed = can(merged, "Order", "Create") && can(merged, "MailOrder", "Create");
  if (allowed) return <MailToolWizard tool={key} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {MAIL_TOOLS[key].title}
      </Typography.Title>
      <PermissionNotice
        allowed={false}
        message={`The ${MAIL_TOOLS[key].title.toLowerCase()} prices, saves and orders mailings, so it needs permission to create orders and mail orders (Orders: Create, Mail orders: Create).`}
      />
    </Flex>
  );
}

function MailToolWizard({ tool: key }: { tool: ToolKey }) {
  const tool = MAIL_TOOLS[key];
  const { id } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<ToolJob & { proof_ok?: boolean }>();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<ToolDraft>();
  const [loading, setLoading] = useState(Boolean(id));
  const [busy, setBusy] = useState(false);
  const [quote, setQuote] = useState<ToolQuote>();
  const [quotedFor, setQuotedFor] = useState<string>();
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState<string>();
  // From the EDDM routes page (/postcard-tool?routes=3,7): a new job starts mailing to those routes.
  const [search] = useSearchParams();
  const [initial, setInitial] = useState<Partial<ToolJob>>(() => {
    const routes = id ? [] : parseRouteIds(search.get("routes"));
    return routes.length > 0
      ? { ...START, source: "eddm", mail_class: "eddm_retail", route_ids: routes }
      : START;
  });

  useEffect(() => {
    if (!id) return;
    let live = true;
    fetchDraft(id)
      .then((found) => {
        if (!live || !found) return;
        setDraft(found);
        // The form mounts once the job is here: it starts from the saved answers.
        setInitial({ ...START, ...found.state });
        setStep(Math.min(found.step, STEPS.length - 1));
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id]);

  const job = (): ToolJob => {
    const { proof_ok: _ok, ...values } = form.getFieldsValue(true) as ToolJob & { proof_ok?: boolean };
    return { ...values, tool: key };
  };

  /** Asks the server; its field errors go on the fields, the rest above the step. */
  const ask = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setProblems([]);
    try {
      return await call();
    } catch (error) {
      const fields = errorFields(error);
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
      const words = fields.flatMap((f) => f.errors);
      setProblems(words.length > 0 ? words : error instanceof Error ? [error.message] : []);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const next = async () => {
    const current = STEPS[step];
    try {
      await form.validateFields(current.fields as string[], { recursive: true });
    } catch {
      return;
    }
    const problem = current.check?.(job(), draft?.files ?? []);
    if (problem) {
      setProblems([problem]);
      return;
    }
    if (current.quote) {
      const body = job();
      if (current.quote === "price") body.drop_dates = undefined;
      const asked = JSON.stringify(body);
      const answer = await ask(() => quoteJob(body));
      if (!answer) return;
      setQuote(answer);
      // The price step shows the price first; a second Next (the same job) goes on.
      const shown = quotedFor === asked;
      setQuotedFor(asked);
      if (current.quote === "price" && !shown) return;
    }
    if (step === STEPS.length - 1) {
      const made = await ask(() => createJobOrder(job(), draft?.id));
      if (made) navigate(`/orders/${made.order_id}`);
      return;
    }
    setStep(step + 1);
  };

  const save = async () => {
    const answer = await ask(() =>
      saveDraft({ id: draft?.id, version: draft?.version, tool: key, step, state: job() }),
    );
    if (!answer) return;
    setDraft(answer);
    setSaved(`Saved at ${new Date(answer.updated_at).toLocaleTimeString()}`);
    if (!draft) navigate(`${tool.path}/${answer.id}`, { replace: true });
  };

  // The artwork step uploads to the saved job: a new job is saved first (its address changes once the upload
  // is done, since the page at /{id} is another route's and would start over mid-upload).
  const ensureDraft = async () => {
    if (draft) return draft.id;
    const answer = await ask(() => saveDraft({ tool: key, step, state: job() }));
    if (answer) setDraft(answer);
    return answer?.id;
  };
  const artwork: StepContext["artwork"] = {
    files: draft?.files ?? [],
    ensureDraft,
    remove: (draftId, file) => removeDraftFile(draftId, file.id),
    onChanged: async (draftId) => {
      const found = await fetchDraft(String(draftId)).catch(() => undefined);
      if (found) setDraft(found);
      if (!id) navigate(`${tool.path}/${draftId}`, { replace: true });
    },
  };

  if (loading) return <Spin size="large" style={{ display: "block", margin: "64px auto" }} />;
  if (draft && draft.tool !== key) {
    const owner = MAIL_TOOLS[draft.tool];
    return (
      <Alert
        type="warning"
        showIcon
        message={`Saved job ${draft.id} is a job of the ${owner.title.toLowerCase()}`}
        description={<a href={`${owner.path}/${draft.id}`}>Open it in the {owner.title.toLowerCase()}</a>}
      />
    );
  }
  if (id && !draft) {
    return (
      <Alert
        type="error"
        showIcon
        message="This saved job was not found"
        description={<a href={tool.path}>Start a new job</a>}
      />
    );
  }

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {tool.title}
          {draft ? ` — saved job ${draft.id}` : ""}
        </Typography.Title>
        <PostageRatesButton />
      </Flex>
      <Steps
        current={step}
        size="small"
        responsive
        items={STEPS.map((s) => ({ title: s.title }))}
        onChange={(to) => to < step && setStep(to)}
      />
      <Card>
        <Form form={form} layout="vertical" initialValues={initial} preserve requiredMark="optional">
          {STEPS[step].body({ tool, job: job(), quote, artwork })}
        </Form>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={problems.length === 1 ? problems[0] : "The server refused this step"}
            description={problems.length > 1 ? problems.map((p) => <div key={p}>{p}</div>) : undefined}
            style={{ marginBottom: 12 }}
          />
        )}
        <Flex gap={8} wrap justify="space-between">
          <Flex gap={8}>
            <Button disabled={step === 0 || busy} onClick={() => setStep(step - 1)}>
              Back
            </Button>
            <Button type="primary" loading={busy} onClick={next}>
              {step === STEPS.length - 1 ? "Create the order" : "Next"}
            </Button>
          </Flex>
          <Flex gap={8} align="center">
            {saved && <Typography.Text type="secondary">{saved}</Typography.Text>}
            <Button onClick={save} disabled={busy}>
              Save
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
