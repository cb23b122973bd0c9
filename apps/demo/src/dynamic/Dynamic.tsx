import { DynamicComponent } from '@tarmac/react';
import type { DynamicComponentProps } from '@tarmac/react';
import { isStandalone } from '../locale/pageLocale';

/** A dynamic component as the demo shows it: the red error box in standalone mode too. */
export function Dynamic(props: DynamicComponentProps) {
  return <DynamicComponent development={isStandalone() || undefined} {...props} />;
}
