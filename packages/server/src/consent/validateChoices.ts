const idList = (maximum: number, maxItems: number) =>
  ({ type: 'array', maxItems, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum } }) as const;

/**
 * The JSON schema of the POST body (shape only; choiceSelection.ts then checks the ids against the
 * vendor list and the site's vendors).
 */
export const consentChoicesSchema = {
  type: 'object',
  required: ['choice'],
  additionalProperties: false,
  properties: {
    choice: { type: 'string', enum: ['accept_all', 'reject_all', 'custom'] },
    purposes: idList(24, 24),
    specialFeatures: idList(12, 12),
    vendors: idList(65535, 10000),
    objectedPurposes: idList(24, 24),
    objectedVendors: idList(65535, 10000),
    language: { type: 'string', enum: ['en', 'es'] },
  },
} as const;
