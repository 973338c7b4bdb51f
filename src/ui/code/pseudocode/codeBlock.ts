import type { CodeLine, VersionRules, WallView } from "../../../model/index.ts";
import { formatWall } from "../../panels/shared/format.ts";

// One function of the annotated pseudocode: our own words for what the upstream function does,
// one line per thing that happens, each line that a request can stand on named by its CodeLine.

export interface PseudoLine {
  /** The line a recorded step names (sim/code-lines.ts); absent for lines no step stands on. */
  id?: CodeLine;
  /** Nesting depth, in steps of two spaces. */
  depth: number;
  /** `{wall}` stands for the run's wall (the scenario's blockTimeout), put in by `withWall`. */
  text: string;
  /** A plain-words remark shown beside the line (`{wall}`, `{wallBucket}` as in `text`). */
  note?: string;
}

export interface CodeBlock {
  id: string;
  /** The upstream name, so a reader can find it there. */
  name: string;
  /** Which part of the apiserver runs it, in plain words. */
  where: string;
  /** The upstream file under pkg/storage/ at the pinned commit; null for this lab's own model. */
  upstreamPath: string | null;
  lines: readonly PseudoLine[];
  /** What earlier versions did instead, in plain words, and whether the run's rule is theirs. */
  versionNote?: { text: string; appliesTo(rules: VersionRules): boolean };
}

/**
 * Pseudocode text with the run's wall in place of `{wall}`, what a timed-out wait observes in
 * place of `{timeoutObserved}`, and the `le` of the bucket that holds it in place of `{wallBucket}`.
 */
export const withWall = (text: string, wall: WallView): string =>
  text
    .replaceAll("{wall}", formatWall(wall))
    .replaceAll("{timeoutObserved}", `${wall.timeoutObservedS} s`)
    .replaceAll("{wallBucket}", wall.readWaitBucketLe);

/** The kubernetes/apiserver commit this lab's model was read from (docs/fidelity.md). */
export const PINNED_COMMIT = "24a394e516bfda066d7e2221d7d92c052de27c54";

export function upstreamUrl(path: string): string {
  return `https://github.com/kubernetes/apiserver/blob/${PINNED_COMMIT}/pkg/storage/${path}`;
}
