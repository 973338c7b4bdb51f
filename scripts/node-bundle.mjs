// The esbuild options every Node-side bundle of the project's TypeScript shares: the command
// line's entries (bundle-cli.mjs) and the modules the benchmarks load (load-model.mjs).
export const NODE_BUNDLE = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
};
