import { createContext, useContext } from "react";
import type { SimSnapshot } from "../../../model/index.ts";

/**
 * The newest snapshot, every animation frame. Panels render their text from the `snapshot` prop (a
 * few times a second) and draw their canvases from this source each frame, outside React, so a
 * frame costs a few canvas paints and no DOM work. Without a provider (tests, a static render)
 * canvases draw the prop.
 */
export interface FrameSource {
  get(): SimSnapshot | null;
  subscribe(listener: () => void): () => void;
}

export const FrameSourceContext = createContext<FrameSource | null>(null);

export const useFrameSource = (): FrameSource | null => useContext(FrameSourceContext);
