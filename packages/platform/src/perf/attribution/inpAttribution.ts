import type { INPMetric } from 'web-vitals';
import { cleanString } from '../../logger/scrub.js';
import { TEXT_MAX, cleanUrl, selectorOf } from './text.js';
import { findLast } from './findLast.js';
import type { AttributionFields } from './attributionForm.js';

/** The event entries of one animation frame: what ran for it and when it was presented. */
interface Frame {
  start: number;
  processingStart: number;
  processingEnd: number;
  render: number;
  /** Longest interaction entry in it, to keep the frames that can still be INP. */
  worst: number;
  /** Selector of each interaction's target, named while the element is in the page. */
  targets: Record<number, string | undefined>;
}

const RECENT = 10;
const KEPT = 20;

/**
 * Collects what INP attribution needs from the browser, beside web-vitals' own observers: every
 * event entry grouped by the frame it was presented in (render times within 8 ms), and the Long
 * Animation Frames. The grouping matters: an interaction's own entry (say `pointerup`) ends its
 * processing before the `click` handlers of the same frame run, so reading only that entry would
 * count the click handler's time as presentation delay. Memory stays bounded: the last frames,
 * plus the frames of the longest interactions (the only ones INP can name).
 */
export function startInpAttribution(): { attribute(metric: INPMetric): AttributionFields; stop(): void } {
  const frames: Frame[] = [];
  let loafs: PerformanceLongAnimationFrameTiming[] = [];
  // Entries presented within 8 ms of each other belong to the same frame.
  const frameAt = (render: number) => findLast(frames, (f) => Math.abs(f.render - render) <= 8);
  const addEvents = (entries: PerformanceEntryList) => {
    for (const entry of entries as PerformanceEventTiming[]) {
      const render = entry.startTime + entry.duration;
      let frame = frameAt(render);
      if (!frame) frames.push((frame = { start: entry.startTime, processingStart: entry.processingStart, processingEnd: 0, render, worst: 0, targets: {} }));
      frame.start = Math.min(frame.start, entry.startTime);
      frame.processingStart = Math.min(frame.processingStart, entry.processingStart);
      frame.processingEnd = Math.max(frame.processingEnd, entry.processingEnd);
      if (entry.interactionId) {
        frame.worst = Math.max(frame.worst, entry.duration);
        frame.targets[entry.interactionId] ??= selectorOf(entry.target) ?? (entry.targetSelector || undefined);
      }
    }
    while (frames.length > KEPT) {
      // Drop the least bad of the older frames.
      const old = frames.slice(0, -RECENT);
      frames.splice(frames.indexOf(old.reduce((a, b) => (b.worst < a.worst ? b : a))), 1);
    }
  };
  const addLoafs = (entries: PerformanceEntryList) => {
    loafs.push(...(entries as PerformanceLongAnimationFrameTiming[]));
    if (loafs.length > KEPT * 2) loafs = loafs.filter((l, i) => i >= loafs.length - RECENT || frames.some((f) => overlaps(l, f.start, f.processingEnd)));
  };
  const events = observe('event', addEvents, { durationThreshold: 16 });
  const loafObserver = observe('long-animation-frame', addLoafs);

  return {
    attribute(metric) {
      // Entries the browser has queued but not yet delivered (web-vitals takes its own on hide).
      if (events) addEvents(events.takeRecords());
      if (loafObserver) addLoafs(loafObserver.takeRecords());
      // The interaction's own entries too, should the observer have missed them: its frame
      // then always exists (entries already seen change nothing, the frame keeps min and max).
      addEvents(metric.entries);
      const first = metric.entries[0];
      if (!first) return { wa_inp_inputDelay: 0, wa_inp_processingDuration: 0, wa_inp_presentationDelay: metric.value };
      const { startTime } = first;
      const paintedAt = startTime + first.duration;
      const frame = frameAt(paintedAt)!;
      const processingStart = Math.max(frame.processingStart, startTime);
      const paint = Math.max(paintedAt, processingStart);
      const processingEnd = Math.min(frame.processingEnd, paint);
      const fields: AttributionFields = {
        wa_inp_target: frame.targets[first.interactionId],
        wa_inp_type: first.name.startsWith('key') ? 'keyboard' : 'pointer',
        wa_inp_time: startTime,
        wa_inp_inputDelay: processingStart - startTime,
        wa_inp_processingDuration: processingEnd - processingStart,
        wa_inp_presentationDelay: paint - processingEnd,
      };
      const mine = loafs.filter((l) => overlaps(l, startTime, processingEnd));
      if (!mine.length) return fields;
      let script = 0;
      let layout = 0;
      let longest: PerformanceScriptTiming | undefined;
      let longestTime = 0;
      for (const loaf of mine) {
        layout += loaf.startTime + loaf.duration - loaf.styleAndLayoutStart;
        for (const s of loaf.scripts) {
          const end = s.startTime + s.duration;
          if (end < startTime) continue;
          // Only the part of a script after the interaction began; forced layout counts as layout.
          const time = end - Math.max(startTime, s.startTime);
          const forced = s.duration ? (time / s.duration) * s.forcedStyleAndLayoutDuration : 0;
          script += time - forced;
          layout += forced;
          if (time > longestTime) {
            longest = s;
            longestTime = time;
          }
        }
      }
      const last = mine.at(-1)!;
      const lastEnd = last.startTime + last.duration;
      fields.wa_inp_totalScript = script;
      fields.wa_inp_totalLayout = layout;
      fields.wa_inp_totalPaint = lastEnd >= processingEnd ? Math.max(0, paint - lastEnd) : 0;
      if (longest) {
        // Empty strings are left out of the form (sendForm), like absent fields.
        fields.wa_inp_scriptUrl = cleanUrl(longest.sourceURL);
        fields.wa_inp_scriptFunction = cleanString(longest.sourceFunctionName, TEXT_MAX);
        // An invoker is a URL (a script) or a name such as `BUTTON#buy.onclick`, whose `#` stays.
        fields.wa_inp_scriptInvoker = cleanString(/^\w+:\/\//.test(longest.invoker) ? cleanUrl(longest.invoker) : longest.invoker, TEXT_MAX);
        fields.wa_inp_scriptDuration = longestTime;
      }
      return fields;
    },
    stop() {
      events?.disconnect();
      loafObserver?.disconnect();
    },
  };
}

const overlaps = (loaf: PerformanceEntry, start: number, end: number) => loaf.startTime + loaf.duration >= start && loaf.startTime <= end;

/** A buffered observer of `type`, or nothing where the browser lacks it. */
function observe(type: string, onEntries: (entries: PerformanceEntryList) => void, init?: object): PerformanceObserver | undefined {
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return;
    const observer = new PerformanceObserver((list) => onEntries(list.getEntries()));
    observer.observe({ type, buffered: true, ...init });
    return observer;
  } catch {
    return;
  }
}
