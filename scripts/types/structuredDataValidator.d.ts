// @adobe/structured-data-validator ships JavaScript without types; its answer is parsed with zod
// where it is used (scripts/lib/structuredDataCheck.ts), so it is `unknown` here.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<unknown>;
  }
}
