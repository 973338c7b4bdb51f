interface TourProgressProps {
  chapter: number;
  chapters: number;
  step: number;
  steps: number;
}

/** "Chapter 3 of 8 · step 2 of 4", also as a bar for those who read it at a glance. */
export function TourProgress({ chapter, chapters, step, steps }: TourProgressProps) {
  const label = `Chapter ${chapter} of ${chapters} · step ${step} of ${steps}`;
  return (
    <p className="tour-progress" data-testid="tour-progress">
      <span>{label}</span>
      <progress max={steps} value={step} aria-label={`Step ${step} of ${steps}`} />
    </p>
  );
}
