import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, expect, openMenu } from "./ui-steps";

// Issue 18, station dashboards: the press operator opens the press dashboard from the sidebar,
// finds a waiting run by scanning its number, claims, starts and completes it with good quantity
// and waste; the run is closed with the operator's figures in its history.

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

test("press dashboard: claim, start and complete a run with good quantity and waste", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "press@pressroom.test");
  const api = await apiAs(page, request);
  const board = await api.get<Board>("production/boards/press");
  const plated = board.statuses
    .filter((s) => s.code === "plated" || s.code === "sent_to_rip")
    .map((s) => s.id);
  const run = board.cards.find((c) => plated.includes(c.status_id) && c.operator_id === null);
  expect(run, "an unclaimed plated run on the press board (seed)").toBeDefined();
  if (!run) return;

  await openMenu(page, "Press dashboard");
  await expect(page).toHaveURL(/\/production\/press-dashboard/);

  // The scanner types the run number's digits and Enter: its card is focused.
  const card = page.getByTestId(`run-card-${run.run_number}`);
  await expect(card).toBeVisible();
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.type(run.run_number.replace(/\D/g, ""));
  await page.keyboard.press("Enter");
  await expect(card).toBeFocused();

  // Claim from the keyboard: the first button of the focused card.
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Claim" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card.getByText("Pat Pressman")).toBeVisible();

  await card.getByRole("button", { name: "Start" }).click();
  const printing = page.getByRole("region", { name: "Printing" });
  await expect(printing.getByTestId(`run-card-${run.run_number}`)).toBeVisible();

  await printing.getByTestId(`run-card-${run.run_number}`).getByRole("button", { name: "Complete" }).click();
  const dialog = page.getByRole("dialog", { name: `Complete run ${run.run_number}` });
  await dialog.getByLabel("Good quantity").fill("1234");
  await dialog.getByLabel("Waste").fill("56");
  await dialog.getByRole("button", { name: "Complete" }).click();
  await expect(dialog).toHaveCount(0);
  // Closed runs leave the board.
  await expect(page.getByTestId(`run-card-${run.run_number}`)).toHaveCount(0);

  const closed = board.statuses.find((s) => s.code === "closed");
  expect((await api.get<Card>(`runs/${run.id}`)).status_id).toBe(closed?.id);
  const logs = await api.get<{ changes: Record<string, { to: unknown }> }[]>(`runs/${run.id}/change-logs`);
  const done = logs.find((l) => l.changes.action?.to === "complete");
  expect(done?.changes.good_quantity?.to).toBe(1234);
  expect(done?.changes.waste?.to).toBe(56);
});
