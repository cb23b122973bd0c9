import { BrokenDynamicTrigger } from '../dynamic/BrokenDynamicTrigger';
import { useEffect } from 'react';
import { DevToolsPanel } from './DevToolsPanel';
import { offendersRequested, showLateBanner, showSlowHero } from './perfOffenders';

/**
 * Everything the page offers developers, in a chunk of its own: the public page never downloads
 * it (App loads it only in developer mode, see devMode.ts).
 */
export default function DevTools() {
  // With `offenders=1`: the page load's LCP and CLS offenders (perfOffenders.ts).
  useEffect(() => {
    const main = document.querySelector('main');
    const hero = document.querySelector<HTMLElement>('.hero');
    if (!main || !hero || !offendersRequested()) return;
    const stops = [showSlowHero(hero, 1500), showLateBanner(main, 2500)];
    return () => stops.forEach((stop) => stop());
  }, []);
  return (
    <>
      <DevToolsPanel />
      <BrokenDynamicTrigger />
    </>
  );
}
