import { BrokenDynamicTrigger } from '../dynamic/BrokenDynamicTrigger';
import { DevToolsPanel } from './DevToolsPanel';

/**
 * Everything the page offers developers, in a chunk of its own: the public page never downloads
 * it (App loads it only in developer mode, see devMode.ts).
 */
export default function DevTools() {
  return (
    <>
      <DevToolsPanel />
      <BrokenDynamicTrigger />
    </>
  );
}
