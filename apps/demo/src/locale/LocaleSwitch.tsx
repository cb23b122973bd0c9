import type { DemoLocale } from './pageLocale';
import { switchPageLocale } from './pageLocale';

const LABELS: Record<DemoLocale, string> = { en: 'English', es: 'Español' };

/** EN / ES buttons; the current language is pressed. */
export function LocaleSwitch({ current }: { current: DemoLocale }) {
  return (
    <div className="locale-switch" role="group" aria-label="Language">
      {(Object.keys(LABELS) as DemoLocale[]).map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="locale-switch__button"
          aria-pressed={locale === current}
          data-testid={`locale-${locale}`}
          onClick={() => locale !== current && switchPageLocale(locale)}
          title={LABELS[locale]}
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
