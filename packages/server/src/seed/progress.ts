/** What reports how far a long job has come. */
export interface Progress {
  update(done: number): void;
  finish(): void;
}

/**
 * A progress display on `stream` (stderr, so stdout stays clean for figures): a bar redrawn in
 * place at most ten times a second on a terminal, a plain line per 10% otherwise (CI logs,
 * pipes), where carriage returns would pile up as one unreadable line.
 */
export function createProgress(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  let lastDraw = 0;
  let lastTenth = -1;
  const rate = (done: number) => Math.round(done / Math.max(0.001, (Date.now() - started) / 1000));
  const draw = (done: number, final: boolean) => {
    const share = total === 0 ? 1 : Math.min(1, done / total);
    if (stream.isTTY) {
      const now = Date.now();
      if (!final && now - lastDraw < 100) return;
      lastDraw = now;
      const width = 30;
      const filled = Math.round(share * width);
      const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
      stream.write(`\r${label} [${bar}] ${(share * 100).toFixed(1)}% ${done}/${total} ${rate(done)}/s${final ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    stream.write(`${label}: ${done}/${total} (${Math.round(share * 100)}%), ${rate(done)}/s\n`);
  };
  return { update: (done) => draw(done, false), finish: () => draw(total, true) };
}
