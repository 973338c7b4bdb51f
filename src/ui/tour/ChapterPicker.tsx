import { CHAPTERS } from "../../content/tour/chapters/index.ts";

interface ChapterPickerProps {
  current: string;
  onPick: (chapterId: string) => void;
}

/** Jumps to any chapter: a teacher picks the one the class is at. */
export function ChapterPicker({ current, onPick }: ChapterPickerProps) {
  return (
    <label className="tour-picker">
      <span className="tour-kicker">Guided tour</span>
      <select value={current} onChange={(event) => onPick(event.target.value)}>
        {CHAPTERS.map((chapter, index) => (
          <option key={chapter.id} value={chapter.id}>
            {index + 1}. {chapter.title}
          </option>
        ))}
      </select>
    </label>
  );
}
