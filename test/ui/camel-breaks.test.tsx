// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CamelBreaks } from "../../src/ui/text/CamelBreaks.tsx";
import { CodeBreaks } from "../../src/ui/text/CodeBreaks.tsx";

describe("CamelBreaks", () => {
  afterEach(cleanup);
  it("offers a break between the words of a long gate name, and nowhere inside a word", () => {
    const { container } = render(
      <p>
        <CamelBreaks text="with ConsistentListFromCacheSkipTimeoutFallback=true (alpha)" />
      </p>,
    );
    const paragraph = container.querySelector("p");
    if (paragraph === null) throw new Error("no paragraph");
    expect(paragraph.textContent).toBe(
      "with ConsistentListFromCacheSkipTimeoutFallback=true (alpha)",
    );
    // The break points sit exactly between the name's words.
    expect(paragraph.innerHTML.split("<wbr>")).toEqual([
      "with Consistent",
      "List",
      "From",
      "Cache",
      "Skip",
      "Timeout",
      "Fallback=true (alpha)",
    ]);
  });
  it("leaves short words alone", () => {
    const { container } = render(<CamelBreaks text="Use the ListFromCache gate" />);
    expect(container.innerHTML).toBe("Use the ListFromCache gate");
  });
});

describe("CodeBreaks", () => {
  afterEach(cleanup);
  it("keeps a PromQL expression whole and offers breaks only between its parts", () => {
    const expression =
      'rate(apiserver_watch_cache_consistent_read_total{success="true",fallback="false"}[1m])';
    const { container } = render(
      <code>
        <CodeBreaks text={expression} />
      </code>,
    );
    const code = container.querySelector("code");
    expect(code?.textContent).toBe(expression);
    expect(code?.innerHTML.split("<wbr>")).toEqual([
      "rate(",
      "apiserver_",
      "watch_",
      "cache_",
      "consistent_",
      "read_",
      "total{",
      'success="true",',
      'fallback="false"}',
      "[1m])",
    ]);
  });
});
