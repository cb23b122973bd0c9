import { useContext } from 'react';
import type { DateLocale } from '@tarmac/platform/i18n';
import { I18nContext } from './i18nContext.js';
import type { I18nValue } from './i18nContext.js';

/** The nearest I18nProvider's value, or a clear error naming the hook that needed it. */
export function useI18n(hookName = 'useI18n'): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error(`${hookName}() must be used inside <I18nProvider>; wrap your app in it.`);
  return value;
}

/** The page language's dates: `format`, `fromNow`, `calendar` … as moment formatted them. */
export function useDateLocale(): DateLocale {
  return useI18n('useDateLocale').dates;
}
