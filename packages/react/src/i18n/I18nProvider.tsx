import { useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { createMessages, dateLocale } from '@tarmac/platform/i18n';
import type { MessageSource } from '@tarmac/platform/i18n';
import { resources } from '@tarmac/platform/loader';
import { PlatformContext } from '../platformContext.js';
import { I18nContext } from './i18nContext.js';

/** Props of {@link I18nProvider}. */
export interface I18nProviderProps {
  locale: 'en' | 'es';
  /** Messages by id; by default the strings loaded components brought (`resources.strings()`). */
  strings?: MessageSource;
  children?: ReactNode;
}

/**
 * Sets the language below it: `<Message>` formats with it and `useDateLocale()` returns its
 * dates. Formatting errors go to the PlatformProvider's logger when there is one.
 */
export function I18nProvider({ locale, strings, children }: I18nProviderProps) {
  const logger = useContext(PlatformContext)?.logger;
  const value = useMemo(
    () => ({
      locale,
      messages: createMessages({ locale, strings: strings ?? ((id: string) => resources.strings()[id]), logger }),
      dates: dateLocale(locale),
    }),
    [locale, strings, logger],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
