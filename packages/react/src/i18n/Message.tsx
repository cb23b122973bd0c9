import type { MessageValues } from '@tarmac/platform/i18n';
import { useI18n } from './useI18n.js';

/** Props of {@link Message}. */
export interface MessageProps {
  id: string;
  values?: MessageValues;
}

/**
 * One translated message as text, formatted (ICU plural, select, number) in the page's
 * language. Missing ids show `MISSING STRING [id]`, so gaps are seen rather than hidden.
 */
export function Message({ id, values }: MessageProps) {
  return <>{useI18n('Message').messages.format(id, values)}</>;
}
