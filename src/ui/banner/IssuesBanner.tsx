import { useApp } from "../../state/use-app.ts";

/** What was wrong with the link: every issue, with what is allowed; the run goes on without them. */
export function IssuesBanner() {
  const issues = useApp((state) => state.issues);
  const dismiss = useApp((state) => state.dismissIssues);
  if (issues.length === 0) return null;
  return (
    <section className="banner banner-issues" role="alert" aria-labelledby="issues-title">
      <div className="banner-text">
        <h2 id="issues-title">
          This link had {issues.length === 1 ? "a problem" : `${issues.length} problems`}; those
          keys use their defaults, the rest runs as written.
        </h2>
        <ul>
          {issues.map((issue) => (
            <li key={`${issue.key}=${issue.value}: ${issue.message}`}>
              <code>
                {issue.key}={issue.value}
              </code>{" "}
              — {issue.message}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </section>
  );
}
