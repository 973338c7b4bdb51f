import { useEffect, useId, useRef } from "react";
import { titleOfHeading } from "../../content/panels.ts";
import type { Question } from "../../content/predict/question.ts";
import { formatClock } from "../controls/clockSeconds.ts";
import { CamelBreaks } from "../text/CamelBreaks.tsx";
import type { Prediction } from "./usePrediction.ts";
import "./predict.css";

interface PredictionCardProps {
  question: Question;
  prediction: Prediction;
  /** Whose question: "Before this chapter plays" / "Before this preset plays". */
  kicker: string;
}

/**
 * The question as a labelled radio group, with "Watch it happen" and "Skip"; then what the run is
 * watched for; then, paused at the deciding moment, the verdict and the panel that shows it. The
 * answers stay choosable after the verdict: each is judged on the same moment.
 */
export function PredictionCard({ question, prediction, kicker }: PredictionCardProps) {
  const groupName = useId();
  const { phase, chosen, verdict } = prediction;
  if (phase === "skipped") return null;
  const asking = phase === "asking";
  return (
    <section className="predict" data-testid="prediction" data-phase={phase}>
      <fieldset className="predict-question">
        <legend>
          <span className="predict-kicker">{kicker} · predict</span>{" "}
          <CamelBreaks text={question.prompt} />
        </legend>
        {question.answers.map((answer) => (
          <label key={answer.id} className="predict-answer">
            <input
              type="radio"
              name={groupName}
              value={answer.id}
              checked={chosen === answer.id}
              onChange={() => prediction.choose(answer.id)}
            />{" "}
            <CamelBreaks text={answer.text} />
          </label>
        ))}
      </fieldset>
      {asking && (
        <div className="tour-buttons">
          <button
            type="button"
            className="primary"
            disabled={chosen === null}
            onClick={prediction.start}
          >
            Watch it happen
          </button>
          <button type="button" onClick={prediction.skip}>
            Skip the question
          </button>
          <span className="predict-note">The run waits at 0 s for your answer.</span>
        </div>
      )}
      <div aria-live="polite">
        {phase === "watching" && (
          <p className="predict-status" data-testid="prediction-status">
            Watching the simulation for {question.decides.waitingFor}…
          </p>
        )}
        {phase === "decided" && verdict !== null && (
          <VerdictText verdict={verdict} atNs={prediction.decidedAtNs ?? 0} />
        )}
      </div>
    </section>
  );
}

function VerdictText({
  verdict,
  atNs,
}: {
  verdict: NonNullable<Prediction["verdict"]>;
  atNs: number;
}) {
  const { happened, held, chosen, evidence } = verdict;
  const box = useRef<HTMLDivElement>(null);
  // On a narrow screen the card is a scrolling sheet over the panels: bring the verdict into it,
  // without scrolling the page (the outlined panel is what the page scrolls to).
  useEffect(() => {
    const sheet = box.current?.closest<HTMLElement>(".tour");
    if (box.current === null || sheet === null || sheet === undefined) return;
    if (sheet.scrollHeight > sheet.clientHeight) sheet.scrollTop = box.current.offsetTop;
  }, []);
  const state = held ? "held" : "missed";
  const headline = held ? "Your prediction held." : "Your prediction did not hold.";
  return (
    <div
      className={`predict-verdict predict-verdict--${state}`}
      data-testid="prediction-verdict"
      data-state={state}
    >
      <p>
        <strong>{headline}</strong> {chosen !== null && !held && <>You said: “{chosen.text}”. </>}
        {happened === null ? (
          <>None of the answers describes this run.</>
        ) : (
          <>
            What happened: <strong>{happened.text}</strong>. <CamelBreaks text={happened.why} />
          </>
        )}
      </p>
      <p className="predict-evidence">
        Paused at {formatClock(atNs)}, the moment that decided it: {evidence}
        {happened !== null && (
          <>
            {" "}
            The <strong>{titleOfHeading(happened.panel)}</strong> panel (outlined) shows it.
          </>
        )}
      </p>
    </div>
  );
}
