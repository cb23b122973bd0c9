/**
 * A component that always fails to render, to show what the platform does with one: the red
 * development box while developing, a quiet fallback and a single report in production.
 */
export function BrokenWidget(): never {
  throw new Error('Demo: BrokenWidget failed to render');
}
