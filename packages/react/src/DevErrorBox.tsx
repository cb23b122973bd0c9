import type { CSSProperties } from 'react';
import { describeError } from './describeError.js';

/** Props of {@link DevErrorBox}. */
export interface DevErrorBoxProps {
  /** Whatever the component threw. */
  error: unknown;
  /** Which component failed, when the caller knows (shown in the title). */
  componentName?: string;
  /** React's component stack, which locates the failure in the tree rather than in files. */
  componentStack?: string;
}

// Inline styles: the box must look the same on every skin, with no stylesheet to ship.
const boxStyle: CSSProperties = {
  border: '2px solid #c62828',
  background: '#fdecea',
  color: '#7f1010',
  borderRadius: 6,
  padding: '12px 16px',
  margin: '8px 0',
  fontFamily: 'system-ui, sans-serif',
  fontSize: 14,
  textAlign: 'left',
  overflow: 'auto',
};
const preStyle: CSSProperties = {
  margin: '8px 0 0',
  fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
};

/**
 * The development error box: a red box with the failing component's message and stack, so a
 * broken component is impossible to miss while developing. Never rendered in production by
 * {@link ComponentErrorBoundary}; render it yourself only behind your own dev check.
 */
export function DevErrorBox({ error, componentName, componentStack }: DevErrorBoxProps) {
  const { name, message, stack } = describeError(error);
  const title = componentName ? `${componentName} failed to render` : 'A component failed to render';
  return (
    <div role="alert" data-testid="dev-error-box" style={boxStyle}>
      <strong>{title}</strong>
      <div style={{ marginTop: 4 }}>
        {name}: {message}
      </div>
      {stack ? <pre style={preStyle}>{stack}</pre> : null}
      {componentStack ? <pre style={preStyle}>{componentStack.trim()}</pre> : null}
    </div>
  );
}
