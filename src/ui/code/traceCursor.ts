import type { CodeLine, RequestStep } from "../../model/index.ts";
import type { CodeBlock } from "./pseudocode/codeBlock.ts";
import { CODE_BLOCKS } from "./pseudocode/index.ts";

// Where a followed request stands: the step a cursor points at (null follows the newest step, so
// a waiting request moves on by itself), and the pseudocode lines it has passed through.

export function cursorIndex(steps: readonly RequestStep[], cursor: number | null): number {
  if (steps.length === 0) return -1;
  return cursor === null ? steps.length - 1 : Math.max(0, Math.min(cursor, steps.length - 1));
}

export function blockOfLine(line: CodeLine): CodeBlock | undefined {
  return CODE_BLOCKS.find((block) => block.lines.some((l) => l.id === line));
}

/** Lines of the steps before `index`: the path the request took to where it is. */
export function visitedLines(steps: readonly RequestStep[], index: number): Set<CodeLine> {
  const lines = new Set<CodeLine>();
  for (const step of steps.slice(0, Math.max(0, index)))
    if (step.line !== null) lines.add(step.line);
  return lines;
}
