import { useEffect, useState } from 'react';
import type { TCData, TcfWindow } from '@tarmac/platform/consent';

/**
 * The page's live TCData (null until the CMP has answered), through the standard
 * `__tcfapi('addEventListener')`, so components follow whatever CMP the page runs. Re-renders
 * on every change (UI shown, choice saved, update).
 */
export function useConsent(): TCData | null {
  const [tcData, setTcData] = useState<TCData | null>(null);
  useEffect(() => {
    const win = window as TcfWindow;
    if (typeof win.__tcfapi != 'function') return;
    let active = true;
    let listenerId: number | undefined;
    const remove = () => {
      if (listenerId !== undefined) win.__tcfapi?.('removeEventListener', 2, () => {}, listenerId);
      listenerId = undefined;
    };
    win.__tcfapi('addEventListener', 2, (data: TCData | null, success?: boolean) => {
      if (!data) return;
      listenerId = data.listenerId;
      // The answer to a call queued before load can arrive after unmount: drop it and the listener.
      if (!active) return remove();
      if (success) setTcData(data);
    });
    return () => {
      active = false;
      remove();
    };
  }, []);
  return tcData;
}
