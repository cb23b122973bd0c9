/**
 * Ties a JSON schema's field names to the contract type it validates: a field added to, renamed
 * in or dropped from one but not the other stops the server compiling instead of being silently
 * stripped by Fastify's removeAdditional. Use as `{…} as const satisfies FieldsOf<T>`.
 */
export type FieldsOf<T> = {
  type: 'object';
  additionalProperties: false;
  required?: readonly (keyof T)[];
  properties: Record<keyof T, unknown>;
};
