import { Ajv } from 'ajv';
import type { ErrorObject } from 'ajv';
import type { LogRules } from '../logs/contract.js';
import { logRulesSchema } from '../logs/schemas.js';

/**
 * Checks the `logs` section of the config file at startup with the JSON schema the console's
 * settings route uses, so the file can hold no rule the console would refuse (a level outside
 * 1..5, more than 200 rules, a text over 1000 characters), and a mistake stops the server with a
 * message naming the field. Unlike the routes, which drop unknown fields so newer clients get
 * through, an unknown field is refused here: in a file an operator edits, it is a typo.
 */
export function readLogRulesConfig(value: unknown, where = 'logs'): LogRules {
  const validate = new Ajv({ allErrors: true }).compile<LogRules>(logRulesSchema);
  if (validate(value)) return value;
  throw new Error((validate.errors ?? []).map((error) => describe(error, where)).join('; '));
}

/** One problem, with the field named as the operator wrote it: `logs.ignore[0].level`. */
function describe(error: ErrorObject, where: string): string {
  const steps = error.instancePath.split('/').slice(1);
  const path = where + steps.map((step) => (/^\d+$/.test(step) ? `[${step}]` : `.${step}`)).join('');
  if (error.keyword === 'required') return `${path}.${String(error.params.missingProperty)} is required`;
  if (error.keyword === 'additionalProperties') return `${path}.${String(error.params.additionalProperty)} is not a known field`;
  return `${path} ${error.message ?? 'is not valid'}`;
}
