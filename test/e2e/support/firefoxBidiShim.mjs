#!/usr/bin/env node
// Stands in for the Firefox executable when Playwright drives Firefox over WebDriver BiDi
// (`firefox.launch({ channel: 'moz-firefox', executablePath: <this file> })`).
//
// Why: Playwright 1.65 sends `emulation.setMediaFeaturesOverride` for every new page, a command
// Firefox ESR 153 (Debian's) does not know yet, so `newPage()` fails although everything the tests
// use works. This shim starts the real Firefox (FIREFOX_PATH, else /usr/bin/firefox-esr) with the
// same arguments, puts a WebSocket relay between Playwright and Firefox's BiDi endpoint, and
// answers only the listed optional emulation commands with an empty success when Firefox reports
// "unknown command". Every other message passes through unchanged.
import { spawn } from 'node:child_process';
import { WebSocket, WebSocketServer } from 'ws';

const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** Commands whose absence changes nothing the tests observe (colour scheme, screen emulation). */
const optional = new Set([
  'emulation.setMediaFeaturesOverride',
  'emulation.setScreenOrientationOverride',
  'emulation.setScreenSettingsOverride',
]);

const firefox = spawn(firefoxPath, process.argv.slice(2), { stdio: ['ignore', 'inherit', 'pipe'] });
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => firefox.kill(sig));

let buffered = '';
firefox.stderr.on('data', (chunk) => {
  buffered += chunk.toString();
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    const match = line.match(/WebDriver BiDi listening on (ws:\/\/\S+)/);
    if (match) relay(match[1]).catch((error) => process.stderr.write(`bidi shim: ${error}\n`));
    else process.stderr.write(line + '\n');
  }
});

/** Opens the relay and announces it in the line Playwright waits for. */
async function relay(upstreamBase) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (client, request) => {
    const upstream = new WebSocket(upstreamBase + request.url);
    const pending = [];
    const sentMethods = new Map();
    upstream.on('open', () => pending.splice(0).forEach((m) => upstream.send(m)));
    client.on('message', (data) => {
      const text = data.toString();
      try {
        const message = JSON.parse(text);
        if (optional.has(message.method)) sentMethods.set(message.id, message.method);
      } catch {
        // not JSON: pass through as is
      }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else pending.push(text);
    });
    upstream.on('message', (data) => {
      const text = data.toString();
      const message = JSON.parse(text);
      if (sentMethods.has(message.id)) {
        sentMethods.delete(message.id);
        if (message.type === 'error' && message.error === 'unknown command') {
          client.send(JSON.stringify({ type: 'success', id: message.id, result: {} }));
          return;
        }
      }
      client.send(text);
    });
    client.on('close', () => upstream.close());
    upstream.on('close', () => client.close());
    upstream.on('error', () => client.close());
  });
  const { port } = server.address();
  process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${port}\n`);
}
