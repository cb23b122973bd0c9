import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** Names the region for screen readers ("Recent occurrences"). */
  label: string;
  /** Focusable even while everything fits, for a table that often grows wider than its panel. */
  alwaysFocusable?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The wrapper of a table that may scroll sideways: a labelled region that takes keyboard focus
 * whenever it can scroll, so the arrow keys reach what is off to the right (tables hold no
 * focusable content of their own to scroll them into view). While it fits, it is no tab stop.
 */
export function ScrollRegion({ label, alwaysFocusable = false, className = 'table-wrap', children }: ScrollRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  const focusable = alwaysFocusable || overflows;
  return (
    <div
      ref={ref}
      className={className}
      role={focusable ? 'region' : undefined}
      aria-label={focusable ? label : undefined}
      tabIndex={focusable ? 0 : undefined}
    >
      {children}
    </div>
  );
}
