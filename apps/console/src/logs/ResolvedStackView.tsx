import type { ResolvedFrame, ResolvedStack, SourceContext } from '@tarmac/server/contracts';
import { ScrollRegion } from '../layout/ScrollRegion';

/**
 * The original lines around a frame's line, numbered, the frame's line marked. Code keeps its
 * lines: a long one scrolls, and the region takes keyboard focus when it does.
 */
function CodeContext({ context, lineNo }: { context: SourceContext; lineNo: number }) {
  const first = lineNo - context.pre.length;
  const lines = [...context.pre, context.line, ...context.post];
  return (
    <ScrollRegion label={`Source around line ${lineNo}`} className="frame__scroll">
      <pre className="frame__code">
        {lines.map((text, i) => (
          <span key={i} className={first + i === lineNo ? 'frame__line is-current' : 'frame__line'}>
            <span className="frame__no">{first + i}</span>
            {text || ' '}
          </span>
        ))}
      </pre>
    </ScrollRegion>
  );
}

/** One frame: the original place when known, the frame as the browser sent it a click away. */
function Frame({ frame }: { frame: ResolvedFrame }) {
  const { original, minified } = frame;
  const place = original ?? minified;
  const code = frame.context && original ? <CodeContext context={frame.context} lineNo={original.lineNo} /> : null;
  return (
    <>
      <div className="frame__head">
        <span className="mono frame__fn">{place.functionName || '(anonymous)'}</span>
        <span className="mono small break" title={place.fileName}>
          {place.fileName}:{place.lineNo}:{place.colNo}
        </span>
        {original && !original.inApp ? <span className="tag">library</span> : null}
        {!original ? <span className="tag">no source map</span> : null}
      </div>
      {code && original?.inApp ? code : null}
      {code && !original?.inApp ? (
        <details>
          <summary className="muted small">Source</summary>
          {code}
        </details>
      ) : null}
      {original ? (
        <details className="frame__minified">
          <summary className="muted small">Minified</summary>
          <span className="mono small break">
            {minified.functionName || '(anonymous)'} {minified.fileName}:{minified.lineNo}:{minified.colNo}
          </span>
        </details>
      ) : null}
    </>
  );
}

/** A stack resolved through its release's source maps, top frame first. */
export function ResolvedStackView({ stack }: { stack: ResolvedStack }) {
  return (
    <>
      <p className="muted small">
        {stack.resolvedCount} of {stack.frames.length} frames resolved through the source maps of{' '}
        {stack.release ? `release ${stack.release}` : 'the hosted build'}.
      </p>
      <ol className="frames" data-testid="resolved-stack">
        {stack.frames.map((frame, i) => (
          <li key={i} className={frame.original?.inApp ? 'frame' : 'frame frame--other'} data-testid="resolved-frame">
            <Frame frame={frame} />
          </li>
        ))}
      </ol>
    </>
  );
}
