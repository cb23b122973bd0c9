/**
 * JSON schemas of the alert rules API (docs/alerts.md). Which conditions a kind needs or refuses
 * is checked after the schema, by ruleChecks.ts, so its reply can name the kind.
 */
import type { FieldsOf } from '../http/fieldsOf.js';
import { VITALS } from '../perf/contract.js';
import type { AlertRuleInput } from './contract.js';
import { ALERT_KINDS } from './contract.js';

const text = (maxLength: number, minLength = 1) => ({ type: 'string', minLength, maxLength }) as const;
const whole = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }) as const;

const ruleProperties = {
  name: text(100),
  kind: { type: 'string', enum: ALERT_KINDS },
  // Checked again as a URL by ruleChecks.ts; the pattern only keeps other schemes out early.
  webhookUrl: { type: 'string', minLength: 10, maxLength: 2048, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' },
  secret: text(256, 16),
  enabled: { type: 'boolean' },
  product: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
  minLevel: whole(1, 4),
  threshold: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
  metric: { type: 'string', enum: Object.values(VITALS) },
  windowMinutes: whole(5, 1440),
  minSamples: whole(1, 100_000),
  vertical: text(100),
  pageId: text(100),
  subPageId: text(100),
  cooldownMinutes: whole(1, 10_080),
} as const;

/** `POST /console/api/alerts/rules`. */
export const ruleInputSchema = {
  type: 'object',
  required: ['name', 'kind', 'webhookUrl', 'secret'],
  additionalProperties: false,
  properties: ruleProperties,
} as const satisfies FieldsOf<AlertRuleInput>;

/** `PUT /console/api/alerts/rules/:id`: as on creation, the secret optional (kept when absent). */
export const ruleUpdateSchema = { ...ruleInputSchema, required: ['name', 'kind', 'webhookUrl'] } as const;

/** `:id` of a rule. */
export const ruleIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
} as const;

/** `GET /console/api/alerts/deliveries?ruleId=&limit=`. */
export const deliveriesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ruleId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
    limit: { type: 'string', pattern: '^(500|[1-4][0-9]{2}|[1-9][0-9]?)$' },
  },
} as const;
