import { afterEach, beforeEach, vi } from 'vitest';
import type { DynamicImportReply } from '../contract.js';
import { resetPageState } from '../pageState.js';

/** A full reply with nothing in it but what the test names. */
export function reply(partial: Partial<DynamicImportReply> = {}): DynamicImportReply {
  return { scripts: [], styles: [], stringMap: {}, imageMap: {}, propertyMap: {}, resourceMap: {}, mappings: {}, live: true, ...partial };
}

/** A JSON response as the server would send it. */
export function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Lets pending promise chains and zero-delay timers run. */
export const flush = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 0));

/** "script /a.js", "modulepreload /a.js", "stylesheet /a.css": what an added element asks for. */
export const describeElement = (element: HTMLElement): string =>
  element instanceof HTMLLinkElement ? `${element.rel} ${element.getAttribute('href')}` : `script ${element.getAttribute('src')}`;

/**
 * A fresh loader page per test: page state reset, an r9-version meta, and `document.head` kept
 * from loading anything. The elements the loader adds are collected in `page.added` instead, and
 * the test decides when each one loads (`finishAssets`) or fails (its `onerror`).
 */
export function useLoaderTestPage() {
  const page = { added: [] as HTMLElement[] };
  beforeEach(() => {
    resetPageState();
    page.added = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      page.added.push(node as unknown as HTMLElement);
      return node;
    });
    document.head.querySelector('meta[name="r9-version"]')?.remove();
    const meta = document.createElement('meta');
    meta.name = 'r9-version';
    meta.content = '2026.1.0';
    document.head.prepend(meta);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  /** Settles every added element as loaded, round after round; `run` plays a script's own code. */
  async function finishAssets(run?: (url: string) => void) {
    for (let round = 0; round < 5; round++) {
      await flush();
      for (const element of page.added.splice(0)) {
        const url = element.getAttribute('src') ?? element.getAttribute('href') ?? '';
        if (!(element instanceof HTMLLinkElement && element.rel === 'modulepreload')) run?.(url);
        element.onload?.(new Event('load'));
      }
    }
  }
  return Object.assign(page, { finishAssets });
}
