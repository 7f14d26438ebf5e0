import { type Locator, type Page, test } from "@playwright/test";
import { sessionToken, signedInAs } from "./sign-in";
import { apiAs, expect, openMenu } from "./ui-steps";

// Issue 18, the production floor as people work it:
// - two browsers on the press dashboard: the press operator scans a waiting run, claims, starts
//   and completes it with good quantity and waste, from the keyboard and buttons; the other
//   browser (the administrator) sees each move without a reload; a second claim is refused with
//   the holder's name; the run's paper is consumed in the inventory's quantity log;
//   the live event re-renders only the card that changed (render-count.ts counts renders);
// - the prepress juggler: three compatible items dragged onto a new run and created; an item of
//   another gang dragged onto that run is refused with the server's reason.

interface Card {
  id: number;
  run_number: string;
  status_id: number;
  operator_id: number | null;
}
interface Board {
  cards: Card[];
  statuses: { id: number; code: string; name: string }[];
}
interface Candidate {
  id: number;
  order_number: string;
  stock_id: number;
  color_spec: string | null;
  coating: string;
}

type RenderCounts = Record<string, number>;
const readRenders = (page: Page) =>
  page.evaluate(() => ({ ...(window as { __pressroomRenders?: RenderCounts }).__pressroomRenders }));
const resetRenders = (page: Page) =>
  page.evaluate(() => {
    (window as { __pressroomRenders?: RenderCounts }).__pressroomRenders = {};
  });

/** Milliseconds from now until `check` passes (it retries), for the figures the issue asks. */
async function within(check: () => Promise<void>): Promise<number> {
  const started = Date.now();
  await check();
  return Date.now() - started;
}

test("press dashboard in two browsers: claim, start, complete; a second claim refused; paper consumed", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "press@pressroom.test");
  const press = await apiAs(page, request);
  const board = await press.get<Board>("production/boards/press");
  const plated = board.statuses
    .filter((s) => s.code === "plated" || s.code === "sent_to_rip")
    .map((s) => s.id);
  const run = board.cards.find((c) => plated.includes(c.status_id) && c.operator_id === null);
  expect(run, "an unclaimed plated run on the press board (seed)").toBeDefined();
  if (!run) return;

  // The other browser: the administrator, on the same board.
  const other = await browser.newContext();
  // Its board and cards count their renders (src/custom/production/render-count.ts).
  await other.addInitScript(() => {
    (window as { __pressroomRenders?: Record<string, number> }).__pressroomRenders = {};
  });
  const watcher = await other.newPage();
  await signedInAs(watcher, "admin@pressroom.test");
  const admin = await apiAs(watcher, request);
  await watcher.goto("/production/press-dashboard");
  const watched = watcher.getByTestId(`run-card-${run.run_number}`);
  await expect(watched).toBeVisible();
  const { stock_id: stockId } = await admin.get<{ stock_id: number }>(`runs/${run.id}`);

  await openMenu(page, "Press dashboard");
  const card = page.getByTestId(`run-card-${run.run_number}`);
  await expect(card).toBeVisible();
  // The scanner types the run number's digits and Enter: its card is focused; Tab to Claim, Enter.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.type(run.run_number.replace(/\D/g, ""));
  await page.keyboard.press("Enter");
  await expect(card).toBeFocused();
  // Tab: the run's link (to its page), then its proof where it has one, then Claim.
  await page.keyboard.press("Tab");
  await expect(card.getByRole("link", { name: run.run_number })).toBeFocused();
  const claim = card.getByRole("button", { name: "Claim" });
  for (let i = 0; i < 2 && !(await claim.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(claim).toBeFocused();
  const cardsWatched = await watcher.locator('[data-testid^="run-card-"]').count();
  expect(cardsWatched, "other cards on the board to stay still").toBeGreaterThan(1);
  await resetRenders(watcher);
  await page.keyboard.press("Enter");
  await expect(card.getByText("Pat Pressman")).toBeVisible();
  const claimSeen = await within(() => expect(watched.getByText("Pat Pressman")).toBeVisible());
  // The claim's event refetched the other browser's board: its memoised cards kept their data, so
  // only the claimed one rendered again (each clock tick, once a minute, renders them all: counted apart).
  // A short pause lets a refetch the event burst queued behind the first one land before counting.
  await watcher.waitForTimeout(300);
  const renders = await readRenders(watcher);
  const ticks = renders.BoardClockTick ?? 0;
  const cardRenders = (renders.RunCard ?? 0) - ticks * cardsWatched;
  console.log(
    `production board: one claim re-rendered ${cardRenders} of ${cardsWatched} cards in the other browser (board ${renders.StationBoard ?? 0} times, clock ticks ${ticks})`,
  );
  expect(renders.StationBoard, "the board took the event").toBeGreaterThan(0);
  expect(cardRenders, `cards re-rendered by one claim, of ${cardsWatched}`).toBe(1);

  // The administrator's own claim: refused, the holder named.
  const refused = await request.post(`/api/v1/runs/${run.id}/actions/claim`, {
    headers: { Authorization: `Bearer ${await sessionToken(watcher)}` },
    data: {},
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    `Run ${run.run_number} is claimed by Pat Pressman: only Pat Pressman can claim it`,
  );
  await expect(watched.getByRole("button", { name: "Claim" })).toHaveCount(0);

  await card.getByRole("button", { name: "Start" }).click();
  const printing = (p: Page) =>
    p.getByRole("region", { name: "Printing" }).getByTestId(`run-card-${run.run_number}`);
  await expect(printing(page)).toBeVisible();
  const startSeen = await within(() => expect(printing(watcher)).toBeVisible());

  await printing(page).getByRole("button", { name: "Complete" }).click();
  const dialog = page.getByRole("dialog", { name: `Complete run ${run.run_number}` });
  await dialog.getByLabel("Good quantity").fill("1234");
  await dialog.getByLabel("Waste").fill("56");
  await dialog.getByRole("button", { name: "Complete" }).click();
  await expect(dialog).toHaveCount(0);
  // Printed, it goes on to its next station: off the press board.
  await expect(page.getByTestId(`run-card-${run.run_number}`)).toHaveCount(0);
  const completeSeen = await within(() => expect(watched).toHaveCount(0));
  const delays = `claim ${claimSeen} ms, start ${startSeen} ms, complete ${completeSeen} ms`;
  test.info().annotations.push({ type: "other browser saw the moves after", description: delays });
  console.log(`production board: the other browser saw the moves after ${delays}`);

  const printed = board.statuses.find((s) => s.code === "printed");
  const done = await admin.get<Card & { printed_at: string | null }>(`runs/${run.id}`);
  expect(done.status_id).toBe(printed?.id);
  expect(done.printed_at).not.toBeNull();
  const logs = await admin.get<{ changes: Record<string, { to: unknown }> }[]>(`runs/${run.id}/change-logs`);
  const completed = logs.find((l) => l.changes.action?.to === "complete");
  expect(completed?.changes.good_quantity?.to).toBe(1234);
  expect(completed?.changes.waste?.to).toBe(56);

  // The paper it printed on left the shelf: the quantity log names the run.
  await watcher.goto(`/inventories/quantity-change-logs?inventory_id=${stockId}`);
  const row = watcher.getByRole("row").filter({ hasText: run.run_number });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell", { name: "Run printed" })).toBeVisible();
  await other.close();
});

const handle = (page: Page, item: Candidate) =>
  page.getByRole("button", { name: `Drag item ${item.id} of ${item.order_number}`, exact: true });

/** Drags `from` (a drag handle) onto `to` as a person does: press, move, scroll to the target while
 * holding (it may be far down the page), release over it. */
async function dragOnto(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  if (!a) throw new Error("nothing to drag");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await to.scrollIntoViewIfNeeded();
  const b = await to.boundingBox();
  if (!b) throw new Error("nowhere to drop");
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(40, b.height / 2), { steps: 8 });
  await page.mouse.up();
}

test("prepress juggler: a gang of three built by drag and drop; an incompatible item refused with its reason", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const admin = await apiAs(page, request);
  const work = await admin.get<{ items: Candidate[] }>("production/jugglers/prepress");
  const key = (c: Candidate) => `${c.stock_id}|${c.color_spec}|${c.coating}`;
  const groups = new Map<string, Candidate[]>();
  for (const c of work.items) groups.set(key(c), [...(groups.get(key(c)) ?? []), c]);
  const [alike, other] = [...groups.values()].sort((a, b) => b.length - a.length);
  expect(alike?.length, "three compatible candidates (seed)").toBeGreaterThanOrEqual(3);
  expect(other?.length, "a candidate of another gang (seed)").toBeGreaterThanOrEqual(1);

  await openMenu(page, "Prepress juggler");
  const draft = page.getByTestId("drop-draft");
  for (const item of alike.slice(0, 3)) {
    await dragOnto(page, handle(page, item), draft);
    await expect(draft.getByTestId(`row-draft-${item.id}`)).toBeVisible();
  }
  await draft.getByRole("button", { name: "Create run" }).click();
  const created = page.locator(".ant-alert-success");
  await expect(created).toContainText("created with 3 items; its paper is committed");
  const number = /Run (R-\d+) created/.exec((await created.textContent()) ?? "")?.[1];
  expect(number).toBeDefined();
  const runs = await admin.get<{ id: number; run_number: string; items: unknown[] }[]>(
    `runs?search=${number}&limit=5`,
  );
  const run = runs.find((r) => r.run_number === number);
  expect(run).toBeDefined();
  if (!run) return;
  const panel = page.getByTestId(`drop-run-${run.id}`);
  await expect(panel).toBeVisible();
  for (const item of alike.slice(0, 3))
    await expect(panel.getByTestId(`row-run-${run.id}-${item.id}`)).toBeVisible();

  // An item of another gang dropped on it: the server refuses and says why.
  const odd = other[0];
  await dragOnto(page, handle(page, odd), panel);
  // The app's feedback area repeats the server's message; the juggler's own alert names the run.
  await expect(page.getByRole("alert").filter({ hasText: `Run ${number}:` })).toContainText(
    new RegExp(
      `Run ${number}: Item ${odd.id} (is on .+, the run is on|prints .+, the run prints|has .+ coating, the run has)`,
    ),
  );
  expect((await admin.get<{ items: unknown[] }>(`runs/${run.id}`)).items).toHaveLength(3);
});
