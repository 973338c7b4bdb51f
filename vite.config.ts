import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  worker: { format: "es" },
  server: { port: 5173 },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["test/setup.ts"],
    pool: "threads",
    maxWorkers: 2,
    // The machines have 2 cores; a component test that renders the whole app and plays a run
    // can take several seconds when the cores are busy, so 5 s (vitest's default) is a flake.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
