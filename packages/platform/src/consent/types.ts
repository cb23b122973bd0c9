/** Whether the CMP has loaded its data: the stub answers until then, 'error' disables the API. */
export type CmpStatus = 'stub' | 'loaded' | 'error';
/** Whether the consent UI is on screen; 'disabled' means it will not be shown on this page. */
export type DisplayStatus = 'hidden' | 'visible' | 'disabled';
/** Why listeners are being told: data loaded, UI shown, or the visitor confirmed a choice. */
export type EventStatus = 'tcloaded' | 'cmpuishown' | 'useractioncomplete';

/**
 * The consent data the server answers (GET and POST /i/api/iabtcf/v1/consent) and the custom
 * `update` command takes. `showUi` is our extension: true when the visitor has to be asked.
 */
export interface ConsentData {
  tcString: string;
  cmpId: number;
  cmpVersion: number;
  gdprApplies: boolean;
  tcfPolicyVersion: number;
  gvlVersion: number;
  showUi?: boolean;
}

/** A map of id → flag, as the CMP API returns purposes, vendors and special features. */
export type Flags = Record<number, boolean>;

/** Publisher restrictions: purpose id → vendor id → restriction type (0 not allowed, 1 consent, 2 LI). */
export type Restrictions = Record<number, Record<number, number>>;

/**
 * The TCData object of the CMP API v2.2 (its February 2026 revision, for TCF 2.3), as every
 * listener and getTCData caller receives it.
 */
export interface TCData {
  tcString?: string;
  tcfPolicyVersion: number | undefined;
  cmpId: number | undefined;
  cmpVersion: number | undefined;
  gdprApplies: boolean | undefined;
  eventStatus: EventStatus | undefined;
  cmpStatus: CmpStatus;
  listenerId: number | undefined;
  isServiceSpecific?: boolean;
  useNonStandardTexts?: boolean;
  publisherCC?: string;
  purposeOneTreatment?: boolean;
  purpose?: { consents: Flags; legitimateInterests: Flags };
  /** `disclosedVendors`: the vendors the CMP showed the visitor (the string's DisclosedVendors segment). */
  vendor?: { consents: Flags; legitimateInterests: Flags; disclosedVendors: Flags };
  specialFeatureOptins?: Flags;
  publisher?: {
    consents: Flags;
    legitimateInterests: Flags;
    customPurpose: { consents: Flags; legitimateInterests: Flags };
    restrictions: Restrictions;
  };
}

/**
 * What `ping` answers; the stub answers the same shape with cmpStatus 'stub'. `apiVersion` is the
 * CMP API's own version, still 2.2 in the spec's TCF 2.3 revision; `tcfPolicyVersion` the policy
 * of the loaded data (5 under TCF 2.3), undefined until it loads.
 */
export interface PingReturn {
  gdprApplies: boolean | undefined;
  cmpLoaded: boolean;
  cmpStatus: CmpStatus;
  displayStatus: DisplayStatus;
  apiVersion: '2.2';
  cmpVersion?: number;
  cmpId?: number;
  gvlVersion?: number;
  tcfPolicyVersion?: number;
}

/** A callback as vendors pass it: (returnValue, success). */
export type TcfCallback = (returnValue: unknown, success?: boolean) => void;

/** `window.__tcfapi`: called with no arguments, a stub returns its queue of waiting calls. */
export type TcfApi = (command?: unknown, version?: unknown, callback?: unknown, parameter?: unknown) => unknown;

/** The window as a CMP sees it. */
export type TcfWindow = Window & { __tcfapi?: TcfApi };
