import { defineConfig } from "@playwright/test";

// Debian's Chromium (this machine cannot download Playwright's own browser builds), with the flags
// every browser run here uses: the tests, the screenshots and the browser benchmarks.
import chromium from "./scripts/chromium.json" with { type: "json" };

// E2E_PORT lets several checkouts run their browser tests at once on one machine.
const port = Number(process.env["E2E_PORT"] ?? 4173);
const origin = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    launchOptions: chromium,
  },
  webServer: {
    command: `npx vite preview --strictPort --host 127.0.0.1 --port ${port}`,
    url: origin,
    reuseExistingServer: !process.env["CI"],
    timeout: 60_000,
  },
});
