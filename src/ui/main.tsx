import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { asksFirst } from "../content/predict/page-question.ts";
import { markFirstFrame } from "../state/first-frame-mark.ts";
import { animationFrames } from "../state/frame-loop.ts";
import { startApp } from "../state/runtime.ts";
import { addressFor } from "../state/url.ts";
import { createWorkerClient } from "../worker/worker-client.ts";
import { App } from "./App.tsx";
import { PAGE_FONTS, PAGE_SYMBOLS } from "./fonts/page-fonts.ts";
import { warmFonts } from "./fonts/warm-fonts.ts";
import { MountTurns } from "./layout/MountTurns.tsx";
import "./styles.css";

// Started here, once, outside React: StrictMode runs effects twice, and two workers would be two
// simulations racing for the same panels.
const runtime = startApp({
  client: createWorkerClient(),
  location: window.location,
  writeQuery: (query) => window.history.replaceState(null, "", addressFor(window.location, query)),
  scheduleFrame: animationFrames,
  wallNowMs: () => performance.now(),
  onAddressChange(listener) {
    window.addEventListener("hashchange", listener);
    window.addEventListener("popstate", listener);
    return () => {
      window.removeEventListener("hashchange", listener);
      window.removeEventListener("popstate", listener);
    };
  },
  reload: () => window.location.reload(),
  asksFirst,
});
// A panel's canvas exists once the panel has a snapshot to draw (it shows a waiting line before).
markFirstFrame(
  runtime.live,
  animationFrames,
  () => document.querySelector(".wcl-panel canvas") !== null,
);

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
// The fonts first, a few per task, so that the page's first layout finds them resolved; then the
// page, in turns (layout/MountTurns.tsx): no one commit or layout holds the whole page. As a
// transition each turn's render yields to the browser every few milliseconds.
void warmFonts(PAGE_FONTS, PAGE_SYMBOLS).then(() => {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <MountTurns>
          <App runtime={runtime} />
        </MountTurns>
      </StrictMode>,
    ),
  );
});
