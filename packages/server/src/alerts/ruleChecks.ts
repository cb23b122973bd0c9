import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { AlertConditions, AlertKind, AlertRuleUpdate } from './contract.js';

/** The conditions each kind takes; any other is refused rather than silently ignored. */
const ALLOWED: Record<AlertKind, ReadonlyArray<keyof AlertConditions>> = {
  'new-group': ['product', 'minLevel'],
  regression: ['product', 'minLevel'],
  'group-rate': ['product', 'minLevel', 'threshold', 'cooldownMinutes'],
  'vitals-p75': ['metric', 'threshold', 'windowMinutes', 'minSamples', 'vertical', 'pageId', 'subPageId', 'cooldownMinutes'],
};
const REQUIRED: Partial<Record<AlertKind, ReadonlyArray<keyof AlertConditions>>> = {
  'group-rate': ['threshold'],
  'vitals-p75': ['metric', 'threshold'],
};
const CONDITIONS: ReadonlyArray<keyof AlertConditions> = [
  'product', 'minLevel', 'threshold', 'metric', 'windowMinutes', 'minSamples', 'vertical', 'pageId', 'subPageId', 'cooldownMinutes',
];

const refuse = (reason: string): never => {
  throw httpError(errorCodes.BAD_BODY, reason);
};

/**
 * What the schema cannot say about a rule body: the conditions its kind needs and takes, a
 * whole occurrence count for rates, and a webhook URL that really is an http(s) URL without
 * a fragment. Throws 400 `TARMAC_BAD_BODY` naming the field.
 */
export function checkRule(body: AlertRuleUpdate): void {
  for (const field of CONDITIONS) {
    if (body[field] !== undefined && !ALLOWED[body.kind].includes(field)) refuse(`body/${field} does not apply to ${body.kind} rules`);
  }
  for (const field of REQUIRED[body.kind] ?? []) {
    if (body[field] === undefined) refuse(`body/${field} is required for ${body.kind} rules`);
  }
  if (body.kind === 'group-rate' && !Number.isInteger(body.threshold)) refuse('body/threshold must be a whole number of occurrences');
  let url: URL;
  try {
    url = new URL(body.webhookUrl);
  } catch {
    return refuse('body/webhookUrl must be an absolute http or https URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) refuse('body/webhookUrl must be an absolute http or https URL');
  if (url.hash) refuse('body/webhookUrl must not have a fragment');
}
