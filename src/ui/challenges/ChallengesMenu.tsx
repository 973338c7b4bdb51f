import { useRef } from "react";
import { CHALLENGES } from "../../content/challenges/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { Later, MOUNT_TURN } from "../layout/MountTurns.tsx";
import { openChallenge } from "./open-challenge.ts";
import { useProgress } from "./useProgress.ts";

/** The challenges gallery: each goal, whether it is solved in this browser, and a way in. */
export function ChallengesMenu() {
  const { store } = useRuntime();
  const solved = useProgress((state) => state.solved);
  const menu = useRef<HTMLDetailsElement>(null);
  const solvedCount = CHALLENGES.filter((challenge) => solved[challenge.id] !== undefined).length;
  return (
    <details className="presets challenges-menu" ref={menu}>
      <summary>
        Challenges{" "}
        <span className="challenges-count">
          ({solvedCount}/{CHALLENGES.length} solved)
        </span>
      </summary>
      <Later turn={MOUNT_TURN.menus}>
        <ul className="preset-list" aria-label="Challenges">
          {CHALLENGES.map((challenge) => (
            <li key={challenge.id}>
              <button
                type="button"
                data-challenge={challenge.id}
                onClick={() => {
                  openChallenge(store, challenge);
                  menu.current?.removeAttribute("open");
                }}
              >
                <span className="preset-title">
                  {solved[challenge.id] !== undefined && (
                    <span className="challenge-tick">
                      ✓ <span className="wcl-visually-hidden">solved: </span>
                    </span>
                  )}
                  {challenge.title}
                </span>
                <span className="preset-explanation">{challenge.goal}</span>
              </button>
            </li>
          ))}
        </ul>
      </Later>
    </details>
  );
}
