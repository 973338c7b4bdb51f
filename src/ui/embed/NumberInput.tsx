import { useId } from "react";

interface NumberInputProps {
  label: string;
  /** Null shows an empty field. */
  value: number | null;
  min: number;
  onChange: (value: number | null) => void;
}

/** A labelled number field; an empty or unreadable entry is reported as null. */
export function NumberInput({ label, value, min, onChange }: NumberInputProps) {
  const id = useId();
  const read = (text: string) => {
    const number = Number(text);
    return text.trim() === "" || !Number.isFinite(number) || number < min ? null : number;
  };
  return (
    <span className="embed-number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        value={value ?? ""}
        onChange={(event) => onChange(read(event.target.value))}
      />
    </span>
  );
}
