import { Fragment, type ReactNode } from "react";

// Metric names, PromQL and scenario links run to 80 characters without a space. With
// overflow-wrap: anywhere a narrow panel breaks them mid-word ("{succ|ess=…", "reads=39|.1"); a
// <wbr> after each `_ { , ( &` and before each `[` lets the browser break between their own parts.

const PART = /\[?[^_{,(&[]*(?:[_{,(&]|(?=\[)|$)/g;

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
