/**
 * Browser signals: `collectSignals` gathers what tells people from automation, and
 * `startSignalCollection` seals it for the server once per page view. Contract: docs/signals.md.
 */
export { collectSignals } from './collectSignals.js';
export type { CollectOptions } from './collectSignals.js';
export { startSignalCollection } from './startSignalCollection.js';
export type { SignalCollection, SignalCollectionOptions } from './startSignalCollection.js';
export { detectAutomation } from './automation.js';
export { detectFonts } from './fonts.js';
export type { FontProbeOptions } from './fonts.js';
export { sealEnvelope, ENVELOPE_VERSION } from './envelope.js';
export type { ConsentSource, ScreenSignal, SignalPayload, Signals, TimeZoneSignal, TouchSignal } from './types.js';
