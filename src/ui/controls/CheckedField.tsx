import { type KeyboardEvent, useId, useState } from "react";
import { type FieldRule, notAllowed, refusal } from "./fieldRules.ts";

interface CheckedFieldProps {
  label: string;
  /** The value in force, as text: the field shows it, and falls back to it on a refusal. */
  current: string;
  rule: FieldRule;
  /** Called with text the rule accepts, on Enter or when the field is left. */
  onCommit: (text: string) => void;
  /** How the value in force is said in a refusal ("1,000 clients"); default `current`. */
  keptWords?: string;
  unit?: string;
  inputMode?: "decimal" | "numeric" | "text";
  className?: string;
  title?: string;
  /** Told whether the text being typed would be accepted (a fault button waits for it). */
  onValidity?: (valid: boolean) => void;
  /** The label is for assistive technology only: the words around the field say it. */
  hiddenLabel?: boolean;
}

/**
 * A typed value that is never silently replaced. While the text would be refused the field says
 * so beside it; a refused commit keeps the value in force, puts it back in the field, and says
 * which field, which value and what is allowed.
 */
export function CheckedField({
  label,
  current,
  rule,
  onCommit,
  keptWords = current,
  unit = "",
  inputMode = "decimal",
  className = "checked-field",
  title,
  onValidity,
  hiddenLabel = false,
}: CheckedFieldProps) {
  const id = useId();
  const noteId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const text = draft ?? current;
  const typingRefused = draft !== null && !rule.accepts(draft);

  const type = (next: string) => {
    setDraft(next);
    const valid = rule.accepts(next);
    setNote(valid ? null : notAllowed(label, next, rule));
    onValidity?.(valid);
  };
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    onValidity?.(true);
    if (draft === current) {
      setNote(null);
    } else if (rule.accepts(draft)) {
      setNote(null);
      onCommit(inputMode === "text" ? draft : draft.trim());
    } else {
      setNote(refusal(label, draft, rule, keptWords));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") commit();
    if (event.key === "Escape") {
      setDraft(null);
      setNote(null);
      onValidity?.(true);
    }
  };

  return (
    <span className={className}>
      <label htmlFor={id} className={hiddenLabel ? "wcl-visually-hidden" : undefined}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        title={title}
        value={text}
        aria-invalid={typingRefused}
        aria-describedby={note === null ? undefined : noteId}
        onChange={(event) => type(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      {unit !== "" && <span className="unit">{unit}</span>}
      {note !== null && (
        <small id={noteId} className="field-refusal" role="alert">
          {note}
        </small>
      )}
    </span>
  );
}
