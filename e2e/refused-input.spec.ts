import { expect, type Page, test } from "@playwright/test";

// Issue 8, item 10: a typed value outside what the key table allows is refused, the value in force
// is kept, and the field says which field, which value and what is allowed. Nothing is sent.

const simulatedSeconds = async (page: Page) =>
  Number.parseFloat((await page.getByTestId("simulated-seconds").textContent()) ?? "0");
const faults = (page: Page) => page.getByRole("group", { name: /Faults/ });

async function opened(page: Page, hash = "") {
  await page.goto(`/${hash}`);
  await expect.poll(() => simulatedSeconds(page)).toBeGreaterThan(0.2);
}

test("Herd of 1000000000 is refused: the button waits, the herd stays 1,000", async ({ page }) => {
  await opened(page);
  const herd = faults(page).getByLabel("Herd of");
  const send = page.getByRole("button", { name: "Send a herd of consistent LISTs" });
  await herd.fill("1000000000");
  await expect(faults(page).getByRole("alert")).toHaveText(
    'Herd of: "1000000000" is not allowed: expected an integer 1 … 100000 clients.',
  );
  await expect(send).toBeDisabled();
  // A click straight from the field onto the button sends nothing (it would have sent 1,000).
  await send.click({ force: true });
  await expect(herd).toHaveValue("1000");
  await page.getByRole("button", { name: "Compact etcd now" }).click();
  await expect(page).toHaveURL(/#v=3&compact=[\d.]+$/);
  await herd.fill("1000000000");
  await herd.press("Enter");
  await expect(herd).toHaveValue("1000");
  await expect(faults(page).getByRole("alert")).toHaveText(
    'Herd of: "1000000000" refused: expected an integer 1 … 100000 clients. Kept 1,000 clients.',
  );
  await expect.poll(() => new URL(page.url()).hash).not.toContain("herd");
  await herd.fill("-5");
  await herd.press("Tab");
  await expect(faults(page).getByRole("alert")).toContainText('"-5" refused');
  await herd.fill("250");
  await herd.press("Enter");
  await expect(faults(page).getByRole("alert")).toHaveCount(0);
  await send.click();
  await expect(page).toHaveURL(/#v=3&herd=250@[\d.]+&compact=[\d.]+$/);
});

test("Stall for -5 is refused and no stall is pressed", async ({ page }) => {
  await opened(page);
  const stall = faults(page).getByLabel("Stall for");
  await stall.fill("-5");
  await expect(page.getByRole("button", { name: "Stall the watch stream" })).toBeDisabled();
  await stall.press("Enter");
  await expect(stall).toHaveValue("5");
  await expect(faults(page).getByRole("alert")).toHaveText(
    'Stall for: "-5" refused: expected a number of seconds > 0. Kept 5 s.',
  );
  await expect.poll(() => new URL(page.url()).hash).toBe("#v=3");
});

test("a seed of 99999999999 and a negative read-mix share are refused, the run goes on", async ({
  page,
}) => {
  await opened(page, "#seed=3");
  const seed = page.getByLabel("Seed", { exact: true });
  await seed.fill("99999999999");
  await seed.press("Enter");
  await expect(seed).toHaveValue("3");
  await expect(page.getByRole("alert").filter({ hasText: "Seed:" })).toHaveText(
    'Seed: "99999999999" refused: expected an integer 0 … 4294967295. Kept 3.',
  );
  const share = page.getByLabel('consistent (RV="")');
  await share.fill("-10");
  await share.press("Enter");
  await expect(share).toHaveValue("30");
  await expect(page.getByRole("alert").filter({ hasText: "consistent" })).toContainText(
    '"-10" refused: expected a share ≥ 0 %. Kept 30 %.',
  );
  await expect(page.getByText(/restarted/)).toHaveCount(0);
  await expect.poll(() => new URL(page.url()).hash).toBe("#v=3&seed=3");
});

test("a name longer than 80 characters is refused, not cut", async ({ page }) => {
  await opened(page, "#name=Mine");
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("y".repeat(81));
  await name.press("Enter");
  await expect(name).toHaveValue("Mine");
  await expect(page.locator(".scenario-name")).toHaveText("Mine");
  await expect(page.getByRole("alert").filter({ hasText: "Name:" })).toContainText(
    'refused: expected plain text of at most 80 characters. Kept "Mine".',
  );
});

test("the Embed and Compare dialogs refuse a bad number and keep theirs", async ({ page }) => {
  await opened(page, "#lag=800");
  await page.getByRole("button", { name: "Embed…" }).click();
  const embed = page.getByRole("dialog", { name: "Embed this scenario" });
  const snippet = embed.getByLabel("Snippet");
  const before = await snippet.inputValue();
  const width = embed.getByLabel("Width");
  await width.fill("1e9");
  await width.press("Enter");
  await expect(width).toHaveValue("960");
  await expect(embed.getByRole("alert")).toHaveText(
    'Width: "1e9" refused: expected an integer 200 … 7680 px. Kept 960 px.',
  );
  await expect(snippet).toHaveValue(before);
  await embed.getByLabel("Start at").fill("12");
  await embed.getByLabel("Start at").press("Enter");
  await expect(snippet).toHaveValue(/t=12/);
  await embed.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "Compare…" }).click();
  const compare = page.getByRole("dialog", { name: "Compare two runs" });
  await compare.getByRole("button", { name: "lag 20 | 4000" }).click();
  const lag = compare.getByLabel("B: Watch lag");
  await lag.fill("-5");
  await expect(compare.getByRole("button", { name: "Start twin run" })).toBeDisabled();
  await lag.press("Tab");
  await expect(lag).toHaveValue("4000");
  await expect(compare.getByRole("alert")).toContainText(
    'B: Watch lag: "-5" refused: expected a number 0 … 60000 ms',
  );
  await expect(compare.getByRole("button", { name: "Start twin run" })).toBeEnabled();
});
