import { Fragment, type ReactNode } from "react";

// Metric names and PromQL run to 80 characters without a space. With overflow-wrap: anywhere a
// narrow panel breaks them mid-word ("{succ|ess=…"); a <wbr> after each `_ { , (` and before
// each `[` lets the browser break between the expression's own parts instead.

const PART = /\[?[^_{,([]*(?:[_{,(]|(?=\[)|$)/g;

/** The code text, with a break opportunity between its parts. */
export function CodeBreaks({ text }: { text: string }) {
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const [part] of text.matchAll(PART)) {
    if (part === "") continue;
    pieces.push(
      <Fragment key={at}>
        {at > 0 && <wbr />}
        {part}
      </Fragment>,
    );
    at += part.length;
  }
  return <>{pieces}</>;
}
