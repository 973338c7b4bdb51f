import { defineConfig } from "@playwright/test";
import suite from "./playwright.config.ts";

// `npm run screenshots`: the browser suite's set-up (Chromium, preview server, E2E_PORT) running
// the picture jobs of scripts/screenshots/ instead of the tests, so the suite neither runs nor
// lists them.
export default defineConfig({
  ...suite,
  testDir: "scripts/screenshots",
  testMatch: "**/*.shot.ts",
  reporter: "list",
});
