import { useEffect, useRef, useState } from "react";
import { CHAPTER_IDS, CHAPTERS } from "../../content/tour/chapters/index.ts";
import { useApp } from "../../state/useApp.ts";
import { FreePlay, type FreePlayStart } from "./FreePlay.tsx";
import { Tour } from "./Tour.tsx";
import { tourKeyIssue } from "./tourKeyIssue.ts";
import "./tour.css";

interface Left {
  chapterIndex: number;
  start: FreePlayStart;
  finished: boolean;
}

/**
 * The tour when the page key `tour` names a chapter; after leaving it, free play's suggestions;
 * otherwise a way in.
 */
export function TourDock() {
  const [left, setLeft] = useState<Left | null>(null);
  /** The speed the tour last set for a chapter: across chapters, kept here (each Tour remounts). */
  const tourSpeed = useRef<number | null>(null);
  const chapterId = useApp((state) => state.pageKeys["tour"]);
  const setPageKey = useApp((state) => state.setPageKey);
  const reportIssues = useApp((state) => state.reportIssues);
  const index = CHAPTERS.findIndex((chapter) => chapter.id === chapterId);
  const unknown = chapterId !== undefined && index < 0;
  // A link pasted into the open page is read here (the opening link by usePageKeys too): the
  // banner says so and the key leaves the address.
  useEffect(() => {
    if (!unknown || chapterId === undefined) return;
    reportIssues([tourKeyIssue(chapterId, CHAPTER_IDS)]);
    setPageKey("tour", null);
  }, [unknown, chapterId, reportIssues, setPageKey]);
  if (index >= 0) {
    return (
      <Tour
        key={chapterId}
        chapterIndex={index}
        tourSpeed={tourSpeed}
        onLeave={(start, finished) => setLeft({ chapterIndex: index, start, finished })}
      />
    );
  }
  const leftChapter = left === null ? undefined : CHAPTERS[left.chapterIndex];
  return (
    <>
      {left !== null && leftChapter !== undefined && (
        <FreePlay
          chapter={leftChapter}
          start={left.start}
          finished={left.finished}
          onClose={() => setLeft(null)}
        />
      )}
      <div className="tour-launcher">
        <button type="button" onClick={() => setPageKey("tour", CHAPTERS[0]?.id ?? null)}>
          Take the guided tour
        </button>
        <span className="tour-launcher-note">
          {CHAPTERS.length} chapters; each caption waits for the simulation to show what it says.
        </span>
      </div>
    </>
  );
}
