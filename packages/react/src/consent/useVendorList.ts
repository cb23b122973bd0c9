import { useEffect, useState } from 'react';

/** A partner as the settings panel lists it (from `GET /i/api/iabtcf/v1/vendors`). */
export interface ConsentVendor {
  id: number;
  name: string;
  purposes: number[];
  legIntPurposes: number[];
  specialFeatures: number[];
  policyUrl?: string;
}

/** The settings panel's data: vendors, and the purpose/special feature ids the list uses. */
export interface ConsentVendorList {
  gvlVersion: number;
  purposes: { id: number; name: string }[];
  specialFeatures: { id: number; name: string }[];
  vendors: ConsentVendor[];
}

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
