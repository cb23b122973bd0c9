import type { VerticalId } from './verticals';

// Inline SVG rather than emoji: emoji fonts are missing on many machines (and in CI browsers).
const paths: Record<VerticalId, string> = {
  flights: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  hotels: 'M3 20V5h2v9h6V8h7a3 3 0 0 1 3 3v9h-2v-3H5v3zm5-7a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z',
  cars: 'M5 11l1.6-4.4A2 2 0 0 1 8.5 5h7a2 2 0 0 1 1.9 1.6L19 11a2 2 0 0 1 2 2v5h-2v2h-3v-2H8v2H5v-2H3v-5a2 2 0 0 1 2-2zm2.2 0h9.6l-1.1-3.5H8.3zM6.5 16a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm11 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
};

/** The pictogram of a vertical, decorative (the tab label carries the meaning). */
export function VerticalIcon({ id }: { id: VerticalId }) {
  return (
    <svg className="tabs__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[id]} fill="currentColor" />
    </svg>
  );
}
