import { useEffect, useState } from "react";
import type { CodeLine, K8sVersion, VersionRules, WallView } from "../../model/index.ts";
import { PINNED_COMMIT, upstreamUrl, withWall } from "./pseudocode/codeBlock.ts";
import { CODE_BLOCKS } from "./pseudocode/index.ts";
import { blockOfLine } from "./traceCursor.ts";

interface CodePaneProps {
  /** The line the followed request stands on, or null when none is followed. */
  currentLine: CodeLine | null;
  /** Lines it passed through before. */
  visited: ReadonlySet<CodeLine>;
  /** The version the run simulates, to say whether a block's version note applies to it. */
  k8s: K8sVersion;
  /** The run's wall, whose length goes into the lines. */
  wall: WallView;
  /** The run's version rules, which say whether a block's version note applies. */
  rules: VersionRules;
}

/**
 * Our annotated pseudocode, one function at a time. It shows the function the followed request is
 * in and moves with it; a tab picks another function until the request moves on.
 */
export function CodePane({ currentLine, visited, k8s, wall, rules }: CodePaneProps) {
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    if (currentLine !== null) setPicked(null);
  }, [currentLine]);
  const following = currentLine === null ? undefined : blockOfLine(currentLine);
  const block =
    CODE_BLOCKS.find((b) => b.id === picked) ??
    following ??
    (CODE_BLOCKS[1] as (typeof CODE_BLOCKS)[number]);

  return (
    <div className="wcl-code">
      <div className="wcl-code__tabs" role="tablist" aria-label="Functions">
        {CODE_BLOCKS.map((b) => (
          <button
            key={b.id}
            type="button"
            role="tab"
            aria-selected={b.id === block.id}
            className={b === following ? "wcl-code__tab wcl-code__tab--here" : "wcl-code__tab"}
            onClick={() => setPicked(b.id)}
          >
            {b.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={block.name}>
        <p className="wcl-code__where">
          {block.where} ·{" "}
          {block.upstreamPath === null ? (
            "this lab's own model, not upstream code"
          ) : (
            <a href={upstreamUrl(block.upstreamPath)} target="_blank" rel="noreferrer">
              upstream {block.upstreamPath} @ {PINNED_COMMIT.slice(0, 7)}
            </a>
          )}
        </p>
        <ol className="wcl-code__lines">
          {block.lines.map((line) => {
            const here = line.id !== undefined && line.id === currentLine;
            const passed = line.id !== undefined && visited.has(line.id);
            const state = here ? " wcl-code__line--here" : passed ? " wcl-code__line--passed" : "";
            const text = withWall(line.text, wall);
            return (
              <li
                key={text}
                className={`wcl-code__line${state}`}
                data-line={line.id}
                aria-current={here ? "step" : undefined}
              >
                <code style={{ paddingLeft: `${line.depth * 2}ch` }}>{text}</code>
                {line.note !== undefined && (
                  <span className="wcl-code__note"> — {withWall(line.note, wall)}</span>
                )}
              </li>
            );
          })}
        </ol>
        {block.versionNote !== undefined && (
          <p className="wcl-code__version">
            {withWall(block.versionNote.text, wall)}{" "}
            <strong>
              This run simulates {k8s}:{" "}
              {block.versionNote.appliesTo(rules)
                ? "it behaves as this note says."
                : "it runs the code above."}
            </strong>
          </p>
        )}
      </div>
    </div>
  );
}
