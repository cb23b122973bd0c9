import { createContext } from 'react';
import type { DateLocale, Messages } from '@tarmac/platform/i18n';

/** The page's language, its message formatter and its date locale. */
export interface I18nValue {
  locale: 'en' | 'es';
  messages: Messages;
  dates: DateLocale;
}

/** Undefined without an I18nProvider: the hooks then fail with a clear message. */
export const I18nContext = createContext<I18nValue | undefined>(undefined);
