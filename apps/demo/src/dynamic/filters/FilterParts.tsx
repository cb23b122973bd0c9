import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/** A titled group of options (a fieldset, so the options are read with their title). */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="filters__group">
      <legend className="filters__legend">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A checkbox with its label. */
export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="filters__option">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** One-of-several choices; `undefined` is the "any" option. */
export function Choice<T extends string | number>({ name, options, value, onChange }: { name: string; options: [T | undefined, string][]; value: T | undefined; onChange(value: T | undefined): void }) {
  return (
    <>
      {options.map(([option, label]) => (
        <label key={String(option)} className="filters__option">
          <input type="radio" name={name} checked={option === value} onChange={() => onChange(option)} />
          <span>{label}</span>
        </label>
      ))}
    </>
  );
}

/**
 * A price ceiling slider. It moves freely and applies the value once the hand rests (400 ms),
 * so dragging it does not fire a search per step.
 */
export function PriceCeiling({ label, min, max, value, format, onChange }: { label: string; min: number; max: number; value?: number; format(n: number): string; onChange(value?: number): void }) {
  const [shown, setShown] = useState(value ?? max);
  useEffect(() => {
    if (shown === (value ?? max)) return;
    const timer = setTimeout(() => onChange(shown >= max ? undefined : shown), 400);
    return () => clearTimeout(timer);
  }, [shown, value, max, onChange]);
  return (
    <label className="filters__option filters__option--range">
      <span>{format(shown)}</span>
      <input type="range" min={min} max={max} step={1} value={shown} aria-label={label} onChange={(event) => setShown(Number(event.target.value))} />
    </label>
  );
}
