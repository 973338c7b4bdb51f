import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from "react";
import { afterNextFrame } from "./after-next-frame.ts";

/**
 * The page's first render in turns, one task and one frame apart: the shell (header, timeline,
 * banners, the controls' column with its docks, the panels' frames) first, then the live
 * controls, the run settings (below the fold of the controls' column), and last what is hidden
 * until opened (the menus' lists, then the dialogs' contents). A commit of the whole page at once,
 * and the layout after it, were each one task of 50–70 ms after load on a loaded machine; a
 * turn's commit and layout hold a part of the page each. Without a `MountTurns` above it (tests,
 * the embed) everything is rendered at once.
 */
export const MOUNT_TURN = { controls: 1, settings: 2, menus: 3, sheets: 4 } as const;
const LAST_TURN = MOUNT_TURN.sheets;

const MountTurnContext = createContext<number>(Number.POSITIVE_INFINITY);

/** Counts the turns up, one after each frame following the previous turn's commit. */
export function MountTurns({ children }: { children: ReactNode }) {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    // Each turn's commit on the page's timeline (scripts/trace-startup.mjs prints them).
    performance.mark(`mount-turn-${turn}`);
    if (turn >= LAST_TURN) return;
    // A transition: the turn's render yields to input and to the run's updates.
    return afterNextFrame(() => startTransition(() => setTurn(turn + 1)));
  }, [turn]);
  return <MountTurnContext value={turn}>{children}</MountTurnContext>;
}

/** `children` once the page's mount turn `turn` has come; `fallback` until then. */
export function Later({
  turn,
  children,
  fallback = null,
}: {
  turn: number;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useContext(MountTurnContext) >= turn ? children : fallback;
}
