import { useRef, useState } from 'react';
import { useDateLocale, useI18n } from '@tarmac/react';
import { useText } from '../locale/useText';
import { fromDateInputValue } from './dates';
import { dayOrderOf, formatDayText, parseDayText } from './dayText';

interface DateFieldProps {
  id: string;
  label: string;
  /** `yyyy-mm-dd`, or what the visitor typed while it is no whole date. */
  value: string;
  /** Earliest day the calendar offers, `yyyy-mm-dd`. */
  min: string;
  error?: string;
  onChange(value: string): void;
}

/**
 * A date typed in the page language's own order (dd/mm/aaaa in Spanish), with the chosen day
 * spelt out below it and a calendar button. A native date input would show the browser's order
 * (mm/dd/yyyy in an English browser) above a Spanish page; here the browser's calendar is only
 * the picker, its value written back in the page's order.
 */
export function DateField({ id, label, value, min, error, onChange }: DateFieldProps) {
  const text = useText();
  const dates = useDateLocale();
  const order = dayOrderOf(useI18n().locale);
  const picker = useRef<HTMLInputElement>(null);
  // What is being typed, shown as typed until the field is left.
  const [typing, setTyping] = useState<string>();
  const day = fromDateInputValue(value);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function openCalendar() {
    try {
      picker.current?.showPicker();
    } catch {
      // No picker in this browser (or not allowed now): the text field still takes the date.
      document.getElementById(id)?.focus();
    }
  }

  return (
    <div className="field field--date">
      <label htmlFor={id}>{label}</label>
      <div className="field__control">
        <input
          id={id}
          name={id}
          inputMode="numeric"
          autoComplete="off"
          placeholder={text('search.dateFormat')}
          value={typing ?? formatDayText(value, order)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => {
            setTyping(event.target.value);
            onChange(parseDayText(event.target.value, order) ?? event.target.value.trim());
          }}
          onBlur={() => setTyping(undefined)}
        />
        <button type="button" className="field__calendar" aria-label={text('search.calendar', { field: label })} onClick={openCalendar}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M7 2h2v2h6V2h2v2h3v18H4V4h3zm-1 8v10h12V10zm0-4v2h12V6z" />
          </svg>
        </button>
        <input
          ref={picker}
          type="date"
          className="field__picker"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          value={day ? value : ''}
          onChange={(event) => event.target.value && onChange(event.target.value)}
        />
      </div>
      <span id={hintId} className="field__hint">
        {day ? dates.format(day, 'dddd, ll') : text('search.dateHint', { format: text('search.dateFormat') })}
      </span>
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
