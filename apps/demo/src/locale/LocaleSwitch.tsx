import type { DemoLocale } from './pageLocale';
import { switchPageLocale } from './pageLocale';
import { useText } from './useText';

// Each language named in itself, so a visitor who cannot read the current one still finds theirs.
const LABELS: Record<DemoLocale, string> = { en: 'English', es: 'Español' };

/** EN / ES buttons; the current language is pressed. */
export function LocaleSwitch({ current }: { current: DemoLocale }) {
  const text = useText();
  return (
    <div className="locale-switch" role="group" aria-label={text('locale.group')}>
      {(Object.keys(LABELS) as DemoLocale[]).map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="locale-switch__button"
          aria-pressed={locale === current}
          // The visible code first, then the language's name: the name contains what is seen.
          aria-label={`${locale.toUpperCase()} ${LABELS[locale]}`}
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
