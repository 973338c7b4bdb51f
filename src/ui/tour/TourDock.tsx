import { CHAPTERS } from "../../content/tour/chapters/index.ts";
import { useApp } from "../../state/use-app.ts";
import { Tour } from "./Tour.tsx";
import "./tour.css";

/** The tour when the page key `tour` names a chapter; otherwise a way in. */
export function TourDock() {
  const chapterId = useApp((state) => state.pageKeys["tour"]);
  const setPageKey = useApp((state) => state.setPageKey);
  const index = CHAPTERS.findIndex((chapter) => chapter.id === chapterId);
  if (index >= 0) return <Tour key={chapterId} chapterIndex={index} />;
  return (
    <div className="tour-launcher">
      {chapterId !== undefined && <p role="status">The tour has no chapter “{chapterId}”.</p>}
      <button type="button" onClick={() => setPageKey("tour", CHAPTERS[0]?.id ?? null)}>
        Take the guided tour
      </button>
      <span className="tour-launcher-note">
        {CHAPTERS.length} chapters; each caption waits for the simulation to show what it says.
      </span>
    </div>
  );
}
