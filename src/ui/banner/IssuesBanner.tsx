import { numberText } from "../../content/number-text.ts";
import { useApp } from "../../state/useApp.ts";
import { issueLines } from "./issueLines.ts";

/** What was wrong with the link: each problem with what is allowed and what the page does instead. */
export function IssuesBanner() {
  const issues = useApp((state) => state.issues);
  const dismiss = useApp((state) => state.dismissIssues);
  if (issues.length === 0) return null;
  const { lines, notShown } = issueLines(issues);
  const count = issues.length === 1 ? "a problem" : `${numberText(issues.length)} problems`;
  return (
    <section className="banner banner-issues" role="alert" aria-labelledby="issues-title">
      <div className="banner-text">
        <h2 id="issues-title">
          This link had {count}. The page runs with the rest; each line says what it does instead.
        </h2>
        <ul>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one list of problems
            <li key={index}>
              {line.given !== null && (
                <>
                  <code>{line.given}</code> —{" "}
                </>
              )}
              {line.text}
            </li>
          ))}
          {notShown > 0 && (
            <li className="banner-more">
              … and {numberText(notShown)} more {notShown === 1 ? "line" : "lines"} of problems, not
              shown
            </li>
          )}
        </ul>
      </div>
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </section>
  );
}
