import type { ConsentVendorList } from '@tarmac/platform/consent';
import { useEffect, useState } from 'react';

/** Loads the vendor list once `enabled` (the panel opened); 'failed' when it cannot. */
export function useVendorList(url: string, enabled: boolean): ConsentVendorList | 'loading' | 'failed' {
  const [list, setList] = useState<ConsentVendorList | 'loading' | 'failed'>('loading');
  useEffect(() => {
    if (!enabled || list !== 'loading') return;
    let active = true;
    fetch(url, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<ConsentVendorList>) : Promise.reject(new Error(String(response.status)))))
      .then(
        (value) => active && setList(value),
        () => active && setList('failed'),
      );
    return () => {
      active = false;
    };
  }, [url, enabled, list]);
  return list;
}
