import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createComponentLoader } from '@tarmac/platform/loader';
import { ComponentLoaderProvider, I18nProvider, useLogger } from '@tarmac/react';
import type { DemoLocale } from './pageLocale';
import { pageStrings } from './pageStrings';

/**
 * The page's language for everything below it: messages (the shell's and the dynamic
 * components'), dates, and the locale every
 * dynamic component load asks the server for. One loader per page, reporting to the logger.
 */
export function LocaleRoot({ locale, children }: { locale: DemoLocale; children: ReactNode }) {
  const logger = useLogger();
  const [loader] = useState(() => createComponentLoader({ logger }));
  const options = useMemo(() => ({ locale }), [locale]);
  const strings = useMemo(() => pageStrings(locale), [locale]);
  return (
    <ComponentLoaderProvider loader={loader} options={options}>
      <I18nProvider locale={locale} strings={strings}>{children}</I18nProvider>
    </ComponentLoaderProvider>
  );
}
