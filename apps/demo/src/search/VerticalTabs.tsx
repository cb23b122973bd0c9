import { useRef } from 'react';
import { Message } from '@tarmac/react';
import { useText } from '../locale/useText';
import type { KeyboardEvent } from 'react';
import { VerticalIcon } from './VerticalIcon';
import { verticals } from './verticals';
import type { VerticalId } from './verticals';

interface VerticalTabsProps {
  active: VerticalId;
  onChange(id: VerticalId): void;
}

/** Element id of a vertical's panel, shared with the panel so the tabs can point at it. */
export function panelId(id: VerticalId): string {
  return `panel-${id}`;
}

/**
 * Vertical tab list following the ARIA tabs pattern: one tab in the tab order, arrow keys
 * move between tabs, Home/End jump to the ends.
 */
export function VerticalTabs({ active, onChange }: VerticalTabsProps) {
  const text = useText();
  const refs = useRef<Partial<Record<VerticalId, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent) {
    const index = verticals.findIndex((v) => v.id === active);
    const last = verticals.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowRight: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = verticals[moves[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onChange(target.id);
    refs.current[target.id]?.focus();
  }

  return (
    <div className="tabs" role="tablist" aria-label={text('search.tablist')} aria-orientation="vertical" onKeyDown={onKeyDown}>
      {verticals.map((vertical) => {
        const selected = vertical.id === active;
        return (
          <button
            key={vertical.id}
            ref={(el) => {
              refs.current[vertical.id] = el;
            }}
            id={`tab-${vertical.id}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={selected}
            aria-controls={panelId(vertical.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(vertical.id)}
          >
            <VerticalIcon id={vertical.id} />
            <Message id="search.tab" values={{ vertical: vertical.id }} />
          </button>
        );
      })}
    </div>
  );
}
