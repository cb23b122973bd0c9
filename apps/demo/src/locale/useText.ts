import { useI18n } from '@tarmac/react';
import type { MessageValues } from '@tarmac/platform/i18n';

/**
 * A message as a plain string, for the places `<Message>` cannot go: attributes such as
 * placeholders and aria-labels, and text built before rendering.
 */
export function useText(): (id: string, values?: MessageValues) => string {
  return useI18n('useText').messages.format;
}
