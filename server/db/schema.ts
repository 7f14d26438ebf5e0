import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// Column names are the contract's snake_case and so are the TypeScript keys:
// a row can be answered as a record without renaming.
// Every table carries id, created_at, updated_at and version (api-contract.md).

export const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const recordColumns = () => ({
  created_at: at("created_at").notNull().defaultNow(),
  updated_at: at("updated_at").notNull().defaultNow(),
  version: integer("version").notNull().default(1),
});

/** The owning tenant of a tenant-owned row. */
export const tenantId = () =>
  integer("tenant_id")
    .notNull()
    .references(() => tenants.id);

export const tenants = pgTable("tenants", {
  id: id(),
  name: text("name").notNull(),
  ...recordColumns(),
});

export const sites = pgTable(
  "sites",
  {
    id: id(),
    tenant_id: tenantId(),
    name: text("name").notNull(),
    domain: text("domain"),
    kind: text("kind").notNull().default("retail"),
    status: text("status").notNull().default("active"),
    ...recordColumns(),
  },
  (t) => [index("sites_tenant_id_idx").on(t.tenant_id)],
);

// --- identity -----------------------------------------------------------------
// A user is one identity across tenants; what they may do in a tenant comes from
// their groups (memberships) whose sites belong to that tenant, and the roles of
// those groups.

/** A role's grants: resource kind → actions, "*" meaning every action. */
export type Permissions = Record<string, string[]>;

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Stored lower-cased; unique without regard to case. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    /** argon2id; null for an account that signs in only through single sign-on. */
    password_hash: text("password_hash"),
    is_avante_sales_rep: boolean("is_avante_sales_rep").notNull().default(false),
    is_avante_csr: boolean("is_avante_csr").notNull().default(false),
    is_customer_agent: boolean("is_customer_agent").notNull().default(false),
    active: boolean("active").notNull().default(true),
    last_login_at: at("last_login_at"),
    ...recordColumns(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

export const groups = pgTable(
  "groups",
  {
    id: id(),
    tenant_id: tenantId(),
    name: text("name").notNull(),
    is_admin: boolean("is_admin").notNull().default(false),
    ...recordColumns(),
  },
  (t) => [index("groups_tenant_id_idx").on(t.tenant_id)],
);

export const group_sites = pgTable(
  "group_sites",
  {
    id: id(),
    tenant_id: tenantId(),
    group_id: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    site_id: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex("group_sites_group_site_key").on(t.group_id, t.site_id),
    index("group_sites_site_idx").on(t.site_id),
  ],
);

export const roles = pgTable(
  "roles",
  {
    id: id(),
    tenant_id: tenantId(),
    name: text("name").notNull(),
    permissions: jsonb("permissions").$type<Permissions>().notNull().default({}),
    ...recordColumns(),
  },
  (t) => [index("roles_tenant_id_idx").on(t.tenant_id)],
);

export const group_roles = pgTable(
  "group_roles",
  {
    id: id(),
    tenant_id: tenantId(),
    group_id: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    role_id: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex("group_roles_group_role_key").on(t.group_id, t.role_id),
    index("group_roles_role_idx").on(t.role_id),
  ],
);

export const user_groups = pgTable(
  "user_groups",
  {
    id: id(),
    tenant_id: tenantId(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    group_id: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex("user_groups_user_group_key").on(t.user_id, t.group_id),
    index("user_groups_group_idx").on(t.group_id),
  ],
);

/** A signed-in session: the client holds the token, we keep only its sha256. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    token_hash: text("token_hash").notNull().unique(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tenant_id: tenantId(),
    expires_at: at("expires_at").notNull(),
    last_seen_at: at("last_seen_at").notNull().defaultNow(),
    revoked_at: at("revoked_at"),
    ip: text("ip"),
    user_agent: text("user_agent"),
    ...recordColumns(),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    tenant_id: tenantId(),
    email: text("email").notNull(),
    group_ids: integer("group_ids").array().notNull().default(sql`'{}'::integer[]`),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: at("expires_at").notNull(),
    used_at: at("used_at"),
    invited_by: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [index("invitations_tenant_email_idx").on(t.tenant_id, t.email)],
);

export const password_resets = pgTable(
  "password_resets",
  {
    id: id(),
    tenant_id: tenantId(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: at("expires_at").notNull(),
    used_at: at("used_at"),
    ...recordColumns(),
  },
  (t) => [index("password_resets_user_idx").on(t.user_id)],
);

/** Failed sign-ins, counted per email and per address to slow down guessing. */
export const login_attempts = pgTable(
  "login_attempts",
  {
    id: id(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    tenant_id: integer("tenant_id"),
    ...recordColumns(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.created_at),
    index("login_attempts_ip_idx").on(t.ip, t.created_at),
  ],
);

/** Mail kept here when no SMTP server is configured (and readable by tests). */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    tenant_id: integer("tenant_id"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    link: text("link"),
    ...recordColumns(),
  },
  (t) => [index("outbox_to_idx").on(t.to)],
);

// --- resource records ------------------------------------------------------------
// The resource kinds' own tables are built at start from their declarations
// (server/resources/tables.ts, schema-sync.ts); what every kind shares lives here.

/** One row per create, update and delete of a resource record, written in the write's transaction. */
export const change_logs = pgTable(
  "change_logs",
  {
    id: id(),
    tenant_id: tenantId(),
    /** The resource kind, e.g. "Vendor". */
    kind: text("kind").notNull(),
    record_id: integer("record_id").notNull(),
    /** create, update or delete. */
    action: text("action").notNull(),
    changed_at: at("changed_at").notNull().defaultNow(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** field → { from, to } */
    changes: jsonb("changes").$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    ...recordColumns(),
  },
  (t) => [index("change_logs_record_idx").on(t.tenant_id, t.kind, t.record_id, t.id)],
);

/**
 * The tenants' numbering (server/resources/numbering.ts): per tenant, kind and field, the text
 * a number is written into ("ORD-{n}") and the next number. A create takes one with an UPDATE …
 * RETURNING in its own transaction, so concurrent creates never share a number.
 */
export const numbering_sequences = pgTable(
  "numbering_sequences",
  {
    id: id(),
    tenant_id: tenantId(),
    /** The resource kind, e.g. "Order". */
    kind: text("kind").notNull(),
    field: text("field").notNull(),
    format: text("format").notNull(),
    next_value: bigint("next_value", { mode: "number" }).notNull(),
    ...recordColumns(),
  },
  (t) => [uniqueIndex("numbering_sequences_key").on(t.tenant_id, t.kind, t.field)],
);

/**
 * An order's files (issue 19): artwork, proofs, print-ready files and others, each kept in one of the
 * two buckets (customer proofs, shop files) of the file store (server/files/). A row is written when
 * its upload finishes; `preflight` holds the checks of the last preflight run and `preflight_result`
 * their worst outcome (pass, warn, fail), null while none has run.
 */
export const order_files = pgTable(
  "order_files",
  {
    id: id(),
    tenant_id: tenantId(),
    order_id: integer("order_id").notNull(),
    order_item_id: integer("order_item_id"),
    /** artwork, proof, print_ready or other. */
    kind: text("kind").notNull(),
    /** proofs or shop. */
    bucket: text("bucket").notNull(),
    /** The object's key in its bucket. */
    storage_key: text("storage_key").notNull(),
    name: text("name").notNull(),
    content_type: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    uploaded_by: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    preflight: jsonb("preflight").$type<{ check: string; result: string; message: string }[]>(),
    preflight_result: text("preflight_result"),
    /**
     * The thumbnail's key in the shop-files bucket (a small PNG of a PDF's first page or of an image,
     * made after the upload: server/files/thumbnails.ts); null while none was made or none could be.
     */
    thumbnail_key: text("thumbnail_key"),
    ...recordColumns(),
  },
  (t) => [
    index("order_files_order_idx").on(t.tenant_id, t.order_id, t.id),
    index("order_files_tenant_idx").on(t.tenant_id, t.id),
    uniqueIndex("order_files_key").on(t.bucket, t.storage_key),
  ],
);

/**
 * An item's proofs (issue 19): proof 1, 2, … of an order item, each a file of the order sent to the
 * customer (by whom, when, to which address), and the customer's decision as staff record it
 * (approved or rejected, by whom, when, with a comment; a rejection always has one).
 */
export const order_proofs = pgTable(
  "order_proofs",
  {
    id: id(),
    tenant_id: tenantId(),
    order_id: integer("order_id").notNull(),
    order_item_id: integer("order_item_id").notNull(),
    /** 1, 2, … per item (the item's proof_version when it was sent). */
    proof_no: integer("proof_no").notNull(),
    file_id: integer("file_id")
      .notNull()
      .references(() => order_files.id),
    sent_to: text("sent_to").notNull(),
    sent_at: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    sent_by: integer("sent_by").references(() => users.id, { onDelete: "set null" }),
    /** approved or rejected; null while the customer has not answered. */
    decision: text("decision"),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    decided_by: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    comment: text("comment"),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex("order_proofs_item_no").on(t.tenant_id, t.order_item_id, t.proof_no),
    index("order_proofs_order_idx").on(t.tenant_id, t.order_id, t.id),
  ],
);

/**
 * The rows of an uploaded mailing list (server/mail/list-routes.ts): row 0 is the file's header,
 * rows 1… its records as uploaded (`cells`, in column order). Processing fills `address` (the
 * record through the list's field map) and `outcome` (valid, invalid, duplicate, suppressed) with
 * the reason. The List record (a declared kind) keeps the counts; its deletion removes these rows.
 */
export const list_records = pgTable(
  "list_records",
  {
    id: id(),
    tenant_id: tenantId(),
    list_id: integer("list_id").notNull(),
    row_no: integer("row_no").notNull(),
    cells: jsonb("cells").$type<string[]>().notNull(),
    address: jsonb("address").$type<Record<string, string>>(),
    outcome: text("outcome"),
    reason: text("reason"),
    ...recordColumns(),
  },
  (t) => [uniqueIndex("list_records_row_key").on(t.tenant_id, t.list_id, t.row_no)],
);

/**
 * The demo tables behind the FileMaker pages (server/tools/filemaker-*.ts): the records a shop keeps
 * in a FileMaker database, in the shape its Data API answers (a layout, a record id, the fields), read
 * when FileMaker is not configured. Seeded per tenant; never written by the app.
 */
export const filemaker_records = pgTable(
  "filemaker_records",
  {
    id: id(),
    tenant_id: tenantId(),
    /** The page's layout key: dental-offices, heartland-dashboard or post-offices. */
    layout: text("layout").notNull(),
    field_data: jsonb("field_data").$type<Record<string, string | number | null>>().notNull(),
    ...recordColumns(),
  },
  (t) => [index("filemaker_records_layout_idx").on(t.tenant_id, t.layout, t.id)],
);

/**
 * Text messages sent from /messaging (server/tools/messaging-*.ts): the rendered body, the number,
 * and what became of it: `outbox` (SMS not configured: kept here, shown on the page), `sent` (Twilio
 * took it; its message sid) or `failed` (Twilio's refusal).
 */
export const sms_messages = pgTable(
  "sms_messages",
  {
    id: id(),
    tenant_id: tenantId(),
    template_id: integer("template_id"),
    order_id: integer("order_id"),
    to: text("to").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull(),
    provider_id: text("provider_id"),
    error: text("error"),
    sent_by: integer("sent_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [index("sms_messages_tenant_idx").on(t.tenant_id, t.id)],
);

/**
 * The durable scheduler's jobs (server/scheduler): one row per piece of work due at `run_at`. A poller in each
 * server process claims due rows (`FOR UPDATE SKIP LOCKED`), leasing them until `locked_until`; a job whose
 * process died is claimed again once its lease has passed. `state`: scheduled, running, done or failed (its
 * attempts spent). `dedupe_key`: one job per key and kind (a campaign's occurrence is scheduled once).
 * `subject_id`: the record the job works for (a campaign), so its page lists the job's runs.
 */
export const scheduled_jobs = pgTable(
  "scheduled_jobs",
  {
    id: id(),
    tenant_id: tenantId(),
    kind: text("kind").notNull(),
    subject_id: integer("subject_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    dedupe_key: text("dedupe_key"),
    run_at: at("run_at").notNull(),
    state: text("state").notNull().default("scheduled"),
    attempts: integer("attempts").notNull().default(0),
    max_attempts: integer("max_attempts").notNull().default(5),
    last_error: text("last_error"),
    locked_by: text("locked_by"),
    locked_until: at("locked_until"),
    finished_at: at("finished_at"),
    ...recordColumns(),
  },
  (t) => [
    index("scheduled_jobs_due_idx").on(t.state, t.run_at),
    index("scheduled_jobs_subject_idx").on(t.tenant_id, t.kind, t.subject_id),
    uniqueIndex("scheduled_jobs_dedupe_key").on(t.tenant_id, t.kind, t.dedupe_key),
  ],
);

/** Each attempt at a job: who ran it, when, and what came of it (done, retry, failed) with the error or result. */
export const job_runs = pgTable(
  "job_runs",
  {
    id: id(),
    tenant_id: tenantId(),
    job_id: integer("job_id")
      .notNull()
      .references(() => scheduled_jobs.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    subject_id: integer("subject_id"),
    attempt: integer("attempt").notNull(),
    outcome: text("outcome").notNull(),
    error: text("error"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    worker: text("worker").notNull(),
    started_at: at("started_at").notNull(),
    finished_at: at("finished_at").notNull(),
    ...recordColumns(),
  },
  (t) => [index("job_runs_subject_idx").on(t.tenant_id, t.kind, t.subject_id, t.id)],
);

/**
 * Automated direct-mail campaigns (server/campaigns): a customer's list mailed with a product on a schedule
 * (monthly on a day, quarterly, yearly on a date) or a trigger (contacts N days after they join the list, the
 * customer's anniversary). Each run makes an order, its mail order and drops through the engine's rules.
 * `next_run_at`: set by the server, in the tenant's time zone; null while paused.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    tenant_id: tenantId(),
    name: text("name").notNull(),
    customer_id: integer("customer_id").notNull(),
    site_id: integer("site_id"),
    list_id: integer("list_id").notNull(),
    product_id: integer("product_id").notNull(),
    template_id: integer("template_id"),
    /** monthly, quarterly, yearly, list_join or anniversary. */
    cadence: text("cadence").notNull(),
    /** monthly / quarterly: the day of the month (past a short month's end: its last day). */
    day_of_month: integer("day_of_month"),
    /** quarterly: the quarter's month (1–3); yearly: the month (1–12). */
    month: integer("month"),
    /** list_join: contacts this many days after they joined. */
    delay_days: integer("delay_days"),
    /** list (every valid record of the list) or fixed (`quantity`). */
    quantity_source: text("quantity_source").notNull().default("list"),
    quantity: integer("quantity"),
    mail_class: text("mail_class").notNull().default("marketing"),
    /** Days from a run to its first drop; drops in a run are a week apart. */
    lead_days: integer("lead_days").notNull().default(3),
    drop_count: integer("drop_count").notNull().default(1),
    active: boolean("active").notNull().default(true),
    next_run_at: at("next_run_at"),
    last_run_at: at("last_run_at"),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [index("campaigns_tenant_idx").on(t.tenant_id, t.id)],
);

/**
 * A tenant's own settings (issue 21, /settings): company, addresses, time zone, business hours
 * and holidays (due dates count the open days), tax rate, default agent, payment terms and logo.
 * One row per tenant, written by product admins with `version`; the order-number format lives in
 * numbering_sequences (the sequence's format). A tenant without a row reads the defaults
 * (server/settings/tenant-settings.ts).
 */
export const tenant_settings = pgTable(
  "tenant_settings",
  {
    id: id(),
    tenant_id: tenantId(),
    company_name: text("company_name").notNull(),
    time_zone: text("time_zone").notNull(),
    /** mon … sun → { open: "HH:mm", close: "HH:mm" } or null (closed). */
    business_hours: jsonb("business_hours")
      .$type<Record<string, { open: string; close: string } | null>>()
      .notNull(),
    /** [{ date: "YYYY-MM-DD", name }], sorted by date, unique dates. */
    holidays: jsonb("holidays").$type<{ date: string; name: string }[]>().notNull().default([]),
    /** Percent, up to 3 decimals (10.25 is 10.25 %). */
    tax_rate: numeric("tax_rate", { precision: 6, scale: 3, mode: "number" }).notNull().default(0),
    default_agent_id: integer("default_agent_id"),
    payment_terms: text("payment_terms").notNull(),
    billing_address: jsonb("billing_address").$type<Record<string, unknown>>(),
    shipping_address: jsonb("shipping_address").$type<Record<string, unknown>>(),
    /** The logo's file in the shop-files store (server/settings/logo.ts), its name and MIME type. */
    logo_key: text("logo_key"),
    logo_name: text("logo_name"),
    logo_type: text("logo_type"),
    updated_by: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [uniqueIndex("tenant_settings_tenant").on(t.tenant_id)],
);

/**
 * A tenant's postage rate table for the postcard and letter tools (issue 22, server/mail-tools/):
 * [{ mail_class, shape, rate }] in dollars a piece, edited by product admins with `version`. A tenant
 * without a row prices at the defaults (src/custom/mail/mail-tools.ts DEFAULT_POSTAGE_RATES).
 */
export const postage_rates = pgTable(
  "postage_rates",
  {
    id: id(),
    tenant_id: tenantId(),
    rates: jsonb("rates").$type<{ mail_class: string; shape: string; rate: number }[]>().notNull(),
    updated_by: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [uniqueIndex("postage_rates_tenant").on(t.tenant_id)],
);

/**
 * A postcard or letter tool job saved part-way (resumed at /postcard-tool/{id}, /letter-tool/{id}):
 * the wizard's step and answers, its person's and tenant's alone. Removed when its order is created.
 */
export const mail_tool_drafts = pgTable(
  "mail_tool_drafts",
  {
    id: id(),
    tenant_id: tenantId(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tool: text("tool").notNull(),
    step: integer("step").notNull().default(0),
    state: jsonb("state").$type<Record<string, unknown>>().notNull(),
    ...recordColumns(),
  },
  (t) => [index("mail_tool_drafts_owner_idx").on(t.tenant_id, t.user_id, t.id)],
);

/**
 * Artwork uploaded to a saved postcard or letter tool job before its order exists (front, and back for a
 * postcard): the stored object as an order file would hold it. Finishing the job moves each row to the
 * order's files (order_files, same bucket and key) in the order's transaction; deleting the job drops them.
 */
export const mail_tool_draft_files = pgTable(
  "mail_tool_draft_files",
  {
    id: id(),
    tenant_id: tenantId(),
    draft_id: integer("draft_id")
      .notNull()
      .references(() => mail_tool_drafts.id, { onDelete: "cascade" }),
    /** front or back. */
    side: text("side").notNull(),
    bucket: text("bucket").notNull(),
    storage_key: text("storage_key").notNull(),
    name: text("name").notNull(),
    content_type: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    uploaded_by: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [
    index("mail_tool_draft_files_draft_idx").on(t.tenant_id, t.draft_id),
    uniqueIndex("mail_tool_draft_files_key").on(t.bucket, t.storage_key),
  ],
);

/**
 * A template's front or back (issue 21): the file as uploaded (PDF, PNG or JPEG) and the PNG
 * thumbnail the server made of it (a PDF's first page rendered), both in the shop-files store
 * (FILES_DIR/shop/templates/; server/templates/images.ts).
 */
export const template_images = pgTable(
  "template_images",
  {
    id: id(),
    tenant_id: tenantId(),
    template_id: integer("template_id").notNull(),
    /** front or back. */
    side: text("side").notNull(),
    file_key: text("file_key").notNull(),
    file_name: text("file_name").notNull(),
    file_type: text("file_type").notNull(),
    thumbnail_key: text("thumbnail_key").notNull(),
    /** The thumbnail's size in pixels. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    updated_by: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [uniqueIndex("template_images_side").on(t.tenant_id, t.template_id, t.side)],
);

/**
 * The designs saved back from the design editor (issue 21): version 1, 2, … of a template, each with
 * the fields as placed (name, value, box in inches from the trim's top left) and its PNG preview in
 * the shop-files store.
 */
export const template_designs = pgTable(
  "template_designs",
  {
    id: id(),
    tenant_id: tenantId(),
    template_id: integer("template_id").notNull(),
    design_version: integer("design_version").notNull(),
    fields: jsonb("fields")
      .$type<
        {
          name: string;
          value: string;
          side?: "front" | "back";
          x: number;
          y: number;
          width: number;
          height: number;
        }[]
      >()
      .notNull(),
    preview_key: text("preview_key").notNull(),
    preview_size: integer("preview_size").notNull(),
    // The back's preview, for a template with fields on its back (null: the design has only a front).
    back_preview_key: text("back_preview_key"),
    back_preview_size: integer("back_preview_size"),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [uniqueIndex("template_designs_version").on(t.tenant_id, t.template_id, t.design_version)],
);

/**
 * Order items sent to the 4over trade printer (/4-over-tool, server/tools/four-over-routes.ts): one row per item,
 * made in the transaction that stores 4over's job id on the order. `reference`: the order_id we sent 4over;
 * `job_id`: 4over's job number; `status` and `tracking` as 4over last answered; `history`: each status seen
 * ({ at, status }), oldest first.
 */
export const four_over_jobs = pgTable(
  "four_over_jobs",
  {
    id: id(),
    tenant_id: tenantId(),
    order_id: integer("order_id").notNull(),
    item_id: integer("item_id").notNull(),
    reference: text("reference").notNull(),
    job_id: text("job_id").notNull(),
    product_uuid: text("product_uuid").notNull(),
    shipping_method: text("shipping_method"),
    status: text("status"),
    tracking: text("tracking"),
    history: jsonb("history").$type<{ at: string; status: string }[]>().notNull().default(sql`'[]'::jsonb`),
    polled_at: at("polled_at"),
    submitted_by: integer("submitted_by").references(() => users.id, { onDelete: "set null" }),
    ...recordColumns(),
  },
  (t) => [uniqueIndex("four_over_jobs_item_idx").on(t.tenant_id, t.item_id)],
);
