// Web security phase of the long reliability run, in Debian's Chromium (the flags of
// playwright.config.ts): an XSS corpus saved through the names, notes and rich-text fields of a
// few kinds, then their list and show pages opened as a signed-in user. No script of the corpus
// runs (window.__xss stays unset, no dialog opens, no Content-Security-Policy violation is
// reported, none of its markup is in the DOM as markup), and the session token appears in no URL
// the browser asks for and in no line of the server's log (which logs every request here).
//   node --import tsx tests/reliability/web-security.ts --data <dir> --static <dist> --out <json>
import { chromium } from "@playwright/test";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import type { Resource } from "../../src/resource-engine/define";
import { recordPath } from "../../src/resource-engine/resource-routes";
import { RecordFactory } from "../server/resource-factory";
import type { Json } from "./hostile-input";
import { argument, Phase } from "./phase";
import {
  DEMO_PASSWORD,
  httpSend,
  injectOver,
  newCounts,
  signInOver,
  startServer,
  stopServer,
} from "./real-server";
import { RecordBodies } from "./record-bodies";
import { DANGEROUS_SELECTOR, XSS_FLAG, XSS_PAYLOADS } from "./xss-corpus";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const EMAIL = "admin@pressroom.test";
/** Kinds with names and notes worth probing (besides every kind with rich text). */
const NAMED_KINDS = ["vendors", "customers", "orders", "products"];

const phase = new Phase("web");

/** The text fields a payload goes into: names, notes, rich text (cut to what each holds). */
function textFields(model: ResourceModel): string[] {
  return Object.entries(model.fields)
    .filter(
      ([, f]) =>
        (f.type === "text" || f.type === "longText" || f.type === "richText") &&
        !f.readOnly &&
        !f.pattern &&
        (f.max ?? 200) >= 40,
    )
    .map(([name]) => name);
}

await phase.run(async () => {
  const began = Date.now();
  const registry = await loadRegistry();
  const server = await startServer(
    { kind: "pglite", dataDir: argument("data") as string },
    { STATIC_DIR: argument("static") as string, LOG_LEVEL: "info" },
  );
  const admin = await signInOver(server.baseUrl, EMAIL);
  const counts = newCounts();
  const send = httpSend(
    () => server.baseUrl,
    () => admin.token,
    counts,
  );
  const bodies = new RecordBodies(
    send,
    new RecordFactory(
      injectOver(() => server.baseUrl),
      admin.token,
      registry,
      admin.userId,
    ),
  );

  // The kinds: a few with names and notes, and every kind with a rich-text field.
  const kinds = registry.models.filter(
    (m) =>
      NAMED_KINDS.includes(m.resource.path) ||
      Object.values(m.fields).some((f) => f.type === "richText" && !f.readOnly),
  );
  const saved: { model: ResourceModel; id: number; record: Json; marker: string; payloads: number[] }[] = [];
  let richTextFields = 0;
  for (const model of kinds) {
    // One payload a field, the longest of a record's batch in its roomiest field (a short field
    // cuts what it gets): every payload goes through every kind, on as few pages as its fields allow.
    const room = (name: string) => {
      const field = model.fields[name];
      // Rich text is sanitised, not cut: it gets the whole payload.
      return field.type === "richText" || !("max" in field) ? Number.POSITIVE_INFINITY : (field.max ?? 200);
    };
    const fields = textFields(model).sort((a, b) => room(b) - room(a));
    richTextFields += fields.filter((n) => model.fields[n].type === "richText").length;
    const per = Math.max(1, fields.length);
    for (let i = 0; i < XSS_PAYLOADS.length; i += per) {
      const marker = `XSS${String(i).padStart(2, "0")}`;
      const batch = XSS_PAYLOADS.slice(i, i + per)
        .map((text, k) => ({ text, index: i + k }))
        .sort((a, b) => b.text.length - a.text.length);
      const record = await bodies.create(model, (body) => {
        for (const [k, name] of fields.entries())
          body[name] = `${marker} ${batch[k % batch.length].text}`.slice(0, room(name));
      });
      saved.push({ model, id: record.id, record, marker, payloads: batch.map((b) => b.index) });
    }
  }
  phase.log(
    `${Math.round((Date.now() - began) / 1000)} s: saved ${saved.length} records of ${kinds.map((k) => k.kind).join(", ")}`,
  );

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const cspViolations: string[] = [];
  const urls: string[] = [];
  const pageErrors: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));

  // Signing in through the real form.
  await page.goto("/login");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
  const token = (await context.cookies()).find((c) => c.name === "pressroom_session")?.value;
  phase.check(Boolean(token), "no session cookie after signing in");

  const flag = () => page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], XSS_FLAG);
  const dangerous = () =>
    page.evaluate(
      (selector) => [...document.querySelectorAll(selector)].map((e) => e.outerHTML.slice(0, 120)),
      DANGEROUS_SELECTOR,
    );
  let pagesOpened = 0;
  /** Payloads on a page where a check failed (or that did not show them): not proven inert. */
  const notInert = new Set<number>();
  const visit = async (url: string, records: typeof saved, markersShown: boolean) => {
    const markers = markersShown ? records.map((s) => s.marker) : [];
    const failuresBefore = phase.failures.length;
    const started = Date.now();
    await page.goto(url);
    const loaded = Date.now() - started;
    // The page must show the records (where it shows the probed fields), or it proves nothing.
    if (markers.length > 0) {
      const shown = await Promise.any(
        markers.map((m) =>
          page
            .getByText(m, { exact: false })
            .first()
            .waitFor({ timeout: 15_000 })
            .then(() => m),
        ),
      ).catch(() => undefined);
      phase.check(shown !== undefined, `${url}: none of ${markers.slice(0, 3).join(", ")}… is shown`);
    }
    // Time for late renders (lazy chunks, reference labels) and for any handler to fire.
    await page.waitForTimeout(markers.length > 0 ? 500 : 2000);
    pagesOpened += 1;
    if (pagesOpened % 10 === 1)
      phase.log(`${url}: loaded in ${loaded} ms, checked in ${Date.now() - started} ms`);
    phase.check((await flag()) === undefined, `${url}: a payload ran (window.${XSS_FLAG} is set)`);
    const found = await dangerous();
    phase.check(
      found.length === 0,
      `${url}: markup from the corpus in the DOM: ${found.slice(0, 3).join(" | ")}`,
    );
    if (phase.failures.length > failuresBefore)
      for (const record of records) for (const p of record.payloads) notInert.add(p);
  };

  for (const model of kinds) {
    const resource = model.resource as Resource;
    const mine = saved.filter((s) => s.model === model);
    const listed = resource.list.some((name) => textFields(model).includes(name));
    await visit(`${resource.route}?sorters[0][field]=id&sorters[0][order]=desc&pageSize=25`, mine, listed);
    for (const s of mine) {
      const scope = resource.scopedBy ? (s.record[resource.scopedBy] as number) : undefined;
      await visit(recordPath(resource, "show", s.id, scope), [s], true);
    }
  }
  // The control: the same markup put into the page by hand is seen, so the checks can see it.
  const violationsBefore = cspViolations.length;
  await page.evaluate(() =>
    document.body.insertAdjacentHTML("beforeend", '<img src=x onerror="window.__xss=1">'),
  );
  await page.waitForTimeout(1000);
  const controlSeen = (await dangerous()).length > 0;
  const controlBlocked = (await flag()) === undefined && cspViolations.length > violationsBefore;
  phase.check(
    controlSeen,
    "the control (markup inserted by hand) was not found in the DOM: the DOM check sees nothing",
  );
  cspViolations.splice(violationsBefore);
  await browser.close();
  await stopServer(server);

  const log = server.output();
  const requestLines = log
    .split("\n")
    .filter((line) => line.includes('"req"') || line.includes("incoming request")).length;
  phase.check(
    requestLines > 0,
    "the server logged no request (LOG_LEVEL=info), so the log check proves nothing",
  );
  phase.check(dialogs.length === 0, `dialogs opened: ${dialogs.slice(0, 3).join(" | ")}`);
  phase.check(
    cspViolations.length === 0,
    `Content-Security-Policy violations: ${cspViolations.slice(0, 3).join(" | ")}`,
  );
  if (token) {
    const leaked = urls.filter((u) => u.includes(token) || u.includes(encodeURIComponent(token)));
    phase.check(leaked.length === 0, `the session token is in a URL: ${leaked[0]}`);
    phase.check(!log.includes(token), "the session token is in the server log");
  }
  phase.check(!log.includes(DEMO_PASSWORD), "the password is in the server log");
  phase.check(!urls.some((u) => u.includes(DEMO_PASSWORD)), "the password is in a URL");
  Object.assign(phase.figures, {
    "web: kinds with XSS records": kinds.length,
    "web: rich-text fields probed": richTextFields,
    "web: XSS payloads rendered inert": `${XSS_PAYLOADS.length - notInert.size} of ${XSS_PAYLOADS.length}`,
    "web: XSS records saved": saved.length,
    "web: pages opened in Chromium": pagesOpened,
    "web: scripts run / dialogs": dialogs.length,
    "web: CSP violations": cspViolations.length,
    "web: control markup seen / stopped by the CSP": `${controlSeen ? "yes" : "no"} / ${controlBlocked ? "yes" : "no"}`,
    "web: URLs checked for the token": urls.length,
    "web: server log lines checked": log.split("\n").length,
    "web: 5xx": counts.serverErrors,
  });
  if (pageErrors.length > 0) phase.notes.push(`web: page errors: ${pageErrors.slice(0, 5).join(" | ")}`);
  phase.check(counts.serverErrors === 0, `${counts.serverErrors} answers were 5xx`);
});
