import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { adminRoutes } from "./admin/admin-routes";
import { createIdentityProvider, type IdentityProvider } from "./auth/identity-provider";
import { loginRoutes } from "./auth/login-routes";
import { passwordRoutes } from "./auth/password-routes";
import { profileRoutes } from "./auth/profile-routes";
import { registerRoute } from "./auth/register-route";
import { campaignRoutes } from "./campaigns/routes";
import { categoryMoveRoutes } from "./catalogue/category-moves";
import { type Config, defaultConfig } from "./config";
import type { Database, DatabaseHandle } from "./db/open";
import { orderFileRoutes } from "./files/routes";
import { storageUploadRoutes } from "./files/storage-uploads";
import { uploadRoutes } from "./files/uploads";
import { registerBodyGuard } from "./http/body-guard";
import { registerCors } from "./http/cors";
import { errorHandler } from "./http/errors";
import { registerJsonBody } from "./http/json-body";
import { type LoggerSetting, loggerOptions } from "./http/logging";
import { openApiTransform, openApiTransformObject } from "./http/openapi-transform";
import { registerSecurityHeaders } from "./http/security-headers";
import { notFoundHandler, registerSpa } from "./http/spa";
import { systemRoutes } from "./http/system-routes";
import { testRoutes } from "./http/test-routes";
import { liveRoutes } from "./live/routes";
import { createMailer, type Mailer } from "./mail/mailer";
import { mailToolRoutes } from "./mail-tools/routes";
import { mailDropRoutes } from "./orders/mail-drop-routes";
import { planningRoutes } from "./orders/planning-routes";
import { proofRoutes } from "./orders/proof-routes";
import { orderDeskRoutes } from "./orders/routes";
import { cardPaymentRoutes } from "./payments/routes";
import { preflightRoutes } from "./preflight/routes";
import { inkjetRoutes } from "./production/inkjet-routes";
import { managerRoutes } from "./production/manager-routes";
import { prepressRoutes } from "./production/prepress-routes";
import { printDataRoutes } from "./production/print-data";
import { productionRoutes } from "./production/routes";
import { refundRoutes } from "./refunds/routes";
import { loadRegistry, type ResourceRegistry } from "./resources/model";
import { resourceRoutes } from "./resources/routes";
import { Scheduler } from "./scheduler/scheduler";
import { settingsRoutes } from "./settings/routes";
import { shippingRoutes } from "./shipping/routes";
import { designEditorRoutes } from "./templates/editor-routes";
import { templateRoutes } from "./templates/routes";
import { fileMakerRoutes } from "./tools/filemaker-routes";
import { fourOverRoutes } from "./tools/four-over-routes";
import { graphicServiceRoutes } from "./tools/graphic-services";
import { messagingRoutes } from "./tools/messaging-routes";

export const API_PREFIX = "/api/v1";
export const BODY_LIMIT = 1024 * 1024; // the contract's 1 MiB

declare module "fastify" {
  interface FastifyInstance {
    /** The Drizzle database every route queries. */
    db: Database;
    config: Config;
    mailer: Mailer;
    /** Firebase when configured; otherwise `configured: false` and null custom tokens. */
    identity: IdentityProvider;
    /** The durable scheduler (server/scheduler); it polls only when buildApp was told to start it. */
    scheduler: Scheduler;
  }
}

export interface BuildAppOptions {
  /** An opened (and migrated) database; the caller closes it after app.close(). */
  database: DatabaseHandle;
  /** Settings over the defaults of loadConfig({}). */
  config?: Partial<Config>;
  /** Folder of the built app to serve; omitted means API only. */
  staticDir?: string;
  /** false (default) for silence, true for pino at config.logLevel, or pino options. */
  logger?: LoggerSetting;
  /** Replaces the SMTP/outbox mailer chosen from config. */
  mailer?: Mailer;
  /** Replaces the identity provider chosen from config.firebase (tests fake one). */
  identityProvider?: IdentityProvider;
  /** The resource kinds to serve; default: every declaration of src/resources. */
  resources?: ResourceRegistry;
  /** Start the durable scheduler's poller when ready (the server does; tests run its jobs themselves). */
  startScheduler?: boolean;
}

/** Builds the whole server without listening, so tests can use app.inject(). */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const config = defaultConfig(options.config);
  const app = Fastify({
    logger: loggerOptions(options.logger ?? false, config.logLevel),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Idle keep-alive sockets must not hold up a graceful shutdown.
    forceCloseConnections: "idle",
  });

  app.decorate("db", options.database.db);
  app.decorate("config", config);
  app.decorate(
    "mailer",
    options.mailer ??
      createMailer({ db: options.database.db, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom }),
  );
  app.decorate("identity", options.identityProvider ?? createIdentityProvider(config.firebase));
  const scheduler = new Scheduler(options.database.db, { pollMs: config.schedulerPollMs, log: app.log });
  app.decorate("scheduler", scheduler);
  if (options.startScheduler) app.addHook("onReady", async () => scheduler.start());
  // Before the database closes: the poll in flight finishes (or its transaction rolls back).
  app.addHook("preClose", async () => scheduler.stop());
  app.decorateRequest("auth", null);
  app.decorateRequest("grants", null);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBody(app);
  registerBodyGuard(app);
  registerCors(app, config);
  registerSecurityHeaders(app, config);

  // While shutting down, answers to requests already in flight close their
  // keep-alive connection, so close() does not wait for the client to hang up.
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });

  // Compression first: its onSend hook must wrap the static files too. Request
  // bodies are never decompressed, so the body limit bounds what we parse.
  app.register(fastifyCompress, { global: true, globalDecompression: false });
  app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title: "Pressroom v1 API", version: "1.0.0" },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "The session token" } },
      },
    },
    transform: openApiTransform,
    // Schemas registered with an id (each kind's record, server/resources/openapi.ts; JSON values;
    // the error answer) become components. openapi-transform.ts says what the two add to the stock ones.
    transformObject: openApiTransformObject,
  });

  // The reference design editor's page (server/templates/editor-routes.ts, issue 21).
  app.register(designEditorRoutes);
  const spaEnabled = registerSpa(app, options.staticDir);
  app.setNotFoundHandler(notFoundHandler(spaEnabled, options.staticDir));

  app.register(
    async (api) => {
      // PostgreSQL: every write committed anywhere before this request has reached this process's caches
      // (write-generations.ts), so what they answer is what the database holds; one shared round trip.
      const sync = options.database.sync;
      if (sync) api.addHook("onRequest", async () => void (await sync()));
      await api.register(systemRoutes);
      await api.register(adminRoutes);
      // The run print-outs' data, joined for Run Read (server/production/print-data.ts).
      await api.register(printDataRoutes, { registry: options.resources ?? (await loadRegistry()) });
      await api.register(
        async (auth) => {
          await auth.register(loginRoutes);
          await auth.register(registerRoute);
          await auth.register(passwordRoutes);
          await auth.register(profileRoutes);
        },
        { prefix: "/auth" },
      );
      // Every declared resource kind (server/resources/routes.ts).
      const registry = options.resources ?? (await loadRegistry());
      await api.register(resourceRoutes, { registry });
      // The tenant's settings: hours, holidays, tax, numbering … (server/settings, issue 21).
      await api.register(settingsRoutes, { registry });
      // Station dashboards: operator actions on runs and the boards' cards (server/production).
      if (registry.byKind.has("Run")) await api.register(productionRoutes, { registry });
      // The production manager's figures and the inkjet queue (server/production, issue 18).
      if (registry.byKind.has("Run")) await api.register(managerRoutes, { registry });
      if (registry.byKind.has("MailOrder")) await api.register(inkjetRoutes, { registry });
      // The order desk: the order page's data and actions, refund decisions, packing slips (issue 19). It reads
      // the shop's own kinds together (a registry of other kinds, as the engine's tests build, has none of it).
      const desk = ["Order", "RefundApproval", "UserPayment", "PackingSlip", "Run"] as const;
      if (desk.every((kind) => registry.byKind.has(kind))) {
        await api.register(orderDeskRoutes, { registry });
        // Manage mail drops: add, split, reschedule an order's mail drops (issue 19).
        if (registry.byKind.has("MailOrder")) await api.register(mailDropRoutes, { registry });
        // Planning sections: each item's production plan, checked against its press (issue 19).
        await api.register(planningRoutes, { registry });
        await api.register(refundRoutes, { registry });
        // Card payments through Stripe: intents for the desk's card form, and Stripe's signed webhook.
        await api.register(cardPaymentRoutes, { registry });
        await api.register(shippingRoutes, { registry });
        // Order files: resumable uploads (tus), the list, download links that expire (server/files).
        await api.register(uploadRoutes, { registry });
        await api.register(orderFileRoutes, { registry });
        // Firebase Storage uploads (FILE_STORAGE=firebase): where to upload, and registering what arrived.
        await api.register(storageUploadRoutes, { registry });
        // Preflight: the reference service and "Run preflight again" (server/preflight).
        await api.register(preflightRoutes, { registry });
        // Proofs: send an item's proof, record the customer's answer (server/orders/proof-routes.ts).
        await api.register(proofRoutes, { registry });
      }
      // The category tree's moves, one request each (server/catalogue, issue 21).
      if (registry.byKind.has("ProductCategory")) await api.register(categoryMoveRoutes, { registry });
      // Templates' front and back pictures and the design editor's designs (server/templates, issue 21).
      if (registry.byKind.has("Template")) await api.register(templateRoutes, { registry });
      // Prepress queues: jugglers' candidates, staging, shipping, outsourced (server/production).
      if (registry.byKind.has("Run")) await api.register(prepressRoutes, { registry });
      // The FileMaker pages' records: its Data API when configured, else the demo tables (server/tools).
      await api.register(fileMakerRoutes);
      if (registry.byKind.has("Service")) await api.register(graphicServiceRoutes, { registry });
      // /messaging: SMS templates previewed with an order and sent through Twilio, or kept in an outbox (server/tools).
      const sms = ["SmsTemplate", "Order", "Customer", "Status"] as const;
      if (sms.every((kind) => registry.byKind.has(kind))) await api.register(messagingRoutes, { registry });
      // /4-over-tool: order items sent to the 4over trade printer, their status and tracking (server/tools).
      const fourOver = [
        "Order",
        "Integration",
        "Map",
        "Product",
        "Status",
        "Customer",
        "CustomerAddress",
      ] as const;
      if (fourOver.every((kind) => registry.byKind.has(kind)))
        await api.register(fourOverRoutes, { registry });
      // Automated campaigns and their runs through the durable scheduler (server/campaigns, issue 22).
      const mailing = ["MailOrder", "Order", "List", "Customer", "Product", "Location"] as const;
      if (mailing.every((kind) => registry.byKind.has(kind)))
        await api.register(campaignRoutes, { registry });
      // The postcard and letter tools: price a job, save and resume it, create its order (server/mail-tools).
      const tools = [...mailing, "Route", "Template"] as const;
      if (tools.every((kind) => registry.byKind.has(kind))) await api.register(mailToolRoutes, { registry });
      // GET /events: record changes, live (server/live/).
      await api.register(liveRoutes, { database: options.database, registry });
      // Never part of a normal server: only the e2e runner sets PRESSROOM_TEST_OUTBOX=1.
      if (config.testRoutes) await api.register(testRoutes);
    },
    { prefix: API_PREFIX },
  );

  return app;
}
