export { PlatformProvider } from './PlatformProvider.js';
export type { PlatformProviderProps } from './PlatformProvider.js';
export { useLogger } from './useLogger.js';
export { DevErrorBox } from './DevErrorBox.js';
export type { DevErrorBoxProps } from './DevErrorBox.js';
export { ComponentErrorBoundary } from './ComponentErrorBoundary.js';
export type { ComponentErrorBoundaryProps } from './ComponentErrorBoundary.js';
