/**
 * A dynamic component that loads fine and then fails to render, to show both modes: the red
 * box in standalone/development mode, a quiet fallback and one report in production.
 */
export function BrokenDynamic(): never {
  throw new Error('Demo: the demo/broken dynamic component failed to render');
}
