import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { markFirstFrame } from "../state/first-frame-mark.ts";
import { animationFrames } from "../state/frame-loop.ts";
import { startApp } from "../state/runtime.ts";
import { addressFor } from "../state/url.ts";
import { createWorkerClient } from "../worker/worker-client.ts";
import { App } from "./App.tsx";
import "./styles.css";

// Started here, once, outside React: StrictMode runs effects twice, and two workers would be two
// simulations racing for the same panels.
const runtime = startApp({
  client: createWorkerClient(),
  location: window.location,
  writeQuery: (query) => window.history.replaceState(null, "", addressFor(window.location, query)),
  scheduleFrame: animationFrames,
  wallNowMs: () => performance.now(),
});
markFirstFrame(runtime.live, animationFrames);

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App runtime={runtime} />
  </StrictMode>,
);
