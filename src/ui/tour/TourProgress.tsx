interface TourProgressProps {
  chapter: number;
  chapters: number;
  /** The step shown, or "question" while the chapter's question comes first. */
  step: number | "question";
  steps: number;
}

/** "Chapter 3 of 8 · step 2 of 4", also as a bar for those who read it at a glance. */
export function TourProgress({ chapter, chapters, step, steps }: TourProgressProps) {
  const at = step === "question" ? "first a question" : `step ${step} of ${steps}`;
  const label = `Chapter ${chapter} of ${chapters} · ${at}`;
  const value = step === "question" ? 0 : step;
  return (
    <p className="tour-progress" data-testid="tour-progress">
      <span>{label}</span>
      <progress
        max={steps}
        value={value}
        aria-label={step === "question" ? "Before step 1" : `Step ${step} of ${steps}`}
      />
    </p>
  );
}
