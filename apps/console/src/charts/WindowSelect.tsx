/** One choice of a dashboard's time window. */
export interface WindowChoice {
  value: number;
  label: string;
}

interface WindowSelectProps {
  value: number;
  choices: readonly WindowChoice[];
  onChange(value: number): void;
}

/** The "Window" picker every dashboard shows first in its toolbar. */
export function WindowSelect({ value, choices, onChange }: WindowSelectProps) {
  return (
    <label className="filter">
      Window
      <select value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
