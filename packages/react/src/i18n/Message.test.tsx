import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from './I18nProvider.js';
import { Message } from './Message.js';
import { useDateLocale } from './useI18n.js';
import { mount, unmountAll } from '../testing/mountReact.js';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

function Day({ at }: { at: Date }) {
  return <span>{useDateLocale().format(at, 'dddd D [de] MMMM')}</span>;
}

describe('Message and useDateLocale', () => {
  it('format in the provider language', () => {
    const strings = { 'results.count': '{count, plural, one {# resultado} other {# resultados}}' };
    const container = mount(
      <I18nProvider locale="es" strings={strings}>
        <Message id="results.count" values={{ count: 1 }} /> · <Message id="results.count" values={{ count: 1200 }} /> ·{' '}
        <Message id="missing" /> · <Day at={new Date(2026, 0, 5)} />
      </I18nProvider>,
    );
    expect(container.textContent).toBe('1 resultado · 1200 resultados · MISSING STRING [missing] · lunes 5 de enero');
  });

  it('explain a missing provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => mount(<Message id="x" />)).toThrow('Message() must be used inside <I18nProvider>');
  });
});
