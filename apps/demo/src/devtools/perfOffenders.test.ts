import { describe, expect, it } from 'vitest';
import { blockMainThread, offendersRequested, showLateBanner, showSlowHero, withOffenders } from './perfOffenders';

/** A scheduler the test runs by hand, recording each delay asked for. */
function manualSchedule() {
  const pending: { run: () => void; ms: number }[] = [];
  const schedule = ((run: () => void, ms: number) => (pending.push({ run, ms }), pending.length)) as unknown as typeof setTimeout;
  return { schedule, pending };
}

describe('performance offenders of the developer panel', () => {
  it('are asked for with offenders=1 and linked with dev=1 kept', () => {
    expect(offendersRequested('?dev=1&offenders=1')).toBe(true);
    expect(offendersRequested('?dev=1')).toBe(false);
    expect(withOffenders('https://x.test/?locale=es')).toBe('https://x.test/?locale=es&dev=1&offenders=1');
  });

  it('lay the hero image over the section at once (moving nothing), and give it its URL only after the delay', () => {
    const main = document.createElement('section');
    main.innerHTML = '<p>content</p>';
    document.body.append(main);
    const { schedule, pending } = manualSchedule();
    const stop = showSlowHero(main, 1500, schedule);
    const img = main.firstElementChild as HTMLImageElement;
    expect(img.id).toBe('dev-slow-hero');
    expect(img.style.position).toBe('absolute');
    expect(main.style.position).toBe('relative');
    expect(img.getAttribute('src')).toBeNull();
    expect(pending.map((p) => p.ms)).toEqual([1500]);
    pending[0]!.run();
    expect(img.getAttribute('src')).toMatch(/devHero\.svg/);
    stop();
    expect(main.querySelector('#dev-slow-hero')).toBeNull();
  });

  it('insert the banner above the content only after the delay', () => {
    const main = document.createElement('main');
    main.innerHTML = '<p>content</p>';
    const { schedule, pending } = manualSchedule();
    showLateBanner(main, 2500, schedule);
    expect(main.firstElementChild?.tagName).toBe('P');
    pending[0]!.run();
    expect(main.firstElementChild?.id).toBe('dev-late-banner');
  });

  it('block the main thread for the time asked', () => {
    let clock = 0;
    let reads = 0;
    blockMainThread(300, () => ((reads += 1), (clock += 50)));
    expect(clock).toBeGreaterThanOrEqual(350);
    expect(reads).toBe(7);
  });
});
