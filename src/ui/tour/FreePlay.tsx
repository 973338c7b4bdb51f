import { useState } from "react";
import { CHALLENGES } from "../../content/challenges/index.ts";
import type { Chapter } from "../../content/tour/chapter.ts";
import { encodeScenario } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { openChallenge } from "../challenges/open-challenge.ts";
import { CamelBreaks } from "../text/CamelBreaks.tsx";
import { experimentScenario } from "./experiment-scenario.ts";

export type FreePlayStart = "defaults" | "chapter";

interface FreePlayProps {
  /** The chapter the reader left the tour from. */
  chapter: Chapter;
  start: FreePlayStart;
  finished: boolean;
  onClose: () => void;
}

/**
 * Where the tour ends: free play from the defaults or the chapter's run, with two or three
 * one-click experiments on what the chapter showed (each restarts the run with its keys put in,
 * named after it so Share says what it is), and the challenges of that chapter to try next.
 */
export function FreePlay({ chapter, start, finished, onClose }: FreePlayProps) {
  const { store } = useRuntime();
  const [tried, setTried] = useState<number | null>(null);
  const run = (index: number) => {
    const experiment = chapter.experiments[index];
    if (experiment === undefined) return;
    const { scenario } = experimentScenario(store.getState().scenario, experiment);
    store.getState().open(encodeScenario({ ...scenario, name: `Free play: ${experiment.label}` }));
    if (!store.getState().playing) store.getState().play();
    setTried(index);
  };
  const challenges = CHALLENGES.filter((challenge) => challenge.chapter === chapter.id);
  const from = start === "defaults" ? "from the defaults" : `with the run of “${chapter.title}”`;
  return (
    <section className="tour free-play" aria-labelledby="free-play-title" data-testid="free-play">
      <h2 id="free-play-title" className="tour-title">
        {finished ? "That was the tour. " : ""}Free play
      </h2>
      <p className="free-play-intro">
        The run goes on {from}. Try one change at a time with what “{chapter.title}” just showed:
      </p>
      <ul className="free-play-experiments" aria-label="Experiments to try">
        {chapter.experiments.map((experiment, index) => (
          <li key={experiment.label}>
            <button
              type="button"
              onClick={() => run(index)}
              aria-describedby={`free-play-look-${index}`}
            >
              {experiment.label}
            </button>{" "}
            <span id={`free-play-look-${index}`} className="free-play-look">
              {tried === index ? "Running now. Look for: " : "Look for: "}
              <CamelBreaks text={experiment.lookFor} />
            </span>
          </li>
        ))}
      </ul>
      <h3 className="free-play-heading">Then prove it: a challenge the model checks</h3>
      {challenges.length > 0 && (
        <ul className="free-play-experiments" aria-label="Challenges from this chapter">
          {challenges.map((challenge) => (
            <li key={challenge.id}>
              <a
                href={`#challenge=${challenge.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  openChallenge(store, challenge);
                  onClose();
                }}
              >
                {challenge.title}
              </a>
              <span className="free-play-look">
                <CamelBreaks text={challenge.goal} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="free-play-look">
        All {CHALLENGES.length} challenges are in the header's Challenges menu.
      </p>
      <div className="tour-buttons">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
