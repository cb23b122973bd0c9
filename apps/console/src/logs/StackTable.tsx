import type { StackFrame } from '../api/types';
import { ScrollRegion } from '../layout/ScrollRegion';

/** The parsed stack, top frame first, with the full file URL on hover. */
export function StackTable({ frames }: { frames: StackFrame[] }) {
  if (frames.length === 0) return <p className="muted">No parsed stack.</p>;
  return (
    <ScrollRegion label="Stack frames">
      <table className="table table--compact">
        <thead>
          <tr>
            <th scope="col">Function</th>
            <th scope="col">File</th>
            <th scope="col" className="num">Line:col</th>
          </tr>
        </thead>
        <tbody>
          {frames.map((frame, i) => (
            <tr key={i}>
              <td className="mono">{frame.functionName || '(anonymous)'}</td>
              <td className="mono small break" title={frame.fileName}>
                {frame.fileName}
              </td>
              <td className="mono num">
                {frame.lineNo}:{frame.colNo}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
