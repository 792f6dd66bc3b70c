import type { JsonSchema } from '../../schema/json-schema';

/**
 * The structured output a caller asks for, in OpenAI's `response_format` terms (flattened):
 * plain text, any JSON object, or JSON matching a named schema.
 */
export type ResponseFormatRequest =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      /** The schema's name (`[A-Za-z0-9_-]`, as providers require). */
      name: string;
      /** What the schema describes; shown to the model. */
      description?: string;
      schema: JsonSchema;
      /**
       * Demand that the schema be enforced: when the provider can neither enforce it nor return a
       * JSON object, planning rejects the request instead of asking for JSON in the prompt only.
       */
      strict?: boolean;
    };

/** What `planOutputContract` is asked to plan for. */
export type OutputContractRequest = {
  /** The caller's desired response format; absent means plain text (nothing to plan). */
  responseFormat?: ResponseFormatRequest | undefined;
};
