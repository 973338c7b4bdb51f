import { expect, test } from "@playwright/test";
import status from "../src/content/oracle-status.json" with { type: "json" };

// The version select says, for the chosen version, how it was checked against its released code
// (src/content/oracle-status.json, written by `npm run oracle -- --record-open`).

interface Checked {
  readonly module: string;
  readonly scripts: number;
  readonly agree: number;
  readonly checkedOn: string;
}

const versions = Object.entries(status as Record<string, Checked>);

test("each version's line names its released module, the day and the scripts that agree", async ({
  page,
}) => {
  expect(versions.length).toBeGreaterThanOrEqual(3);
  await page.goto("/");
  const select = page.getByLabel("Kubernetes version", { exact: true });
  for (const [version, checked] of versions) {
    await select.selectOption(version);
    const line = page.getByText(`${version}: run against the released`, { exact: false });
    await expect(line).toBeVisible();
    await expect(line).toContainText(checked.module.replace("@", " "));
    await expect(line).toContainText(checked.checkedOn);
    await expect(line).toContainText(
      checked.agree === checked.scripts
        ? `all ${checked.scripts} scripts`
        : `${checked.agree} of ${checked.scripts} scripts`,
    );
  }
});
