import { OutputParseError } from '../errors/errors';

/**
 * The answer's payload was found, but it is beyond a parser's safety limit (it nests too deeply,
 * or expands too many aliases). An `OutputParseError` like any other, except that the JSON
 * fallback must not replace it: a fragment of the payload that happens to parse as JSON (a flow
 * mapping on one of its lines) would silently become the whole answer's value.
 */
export class ParseLimitError extends OutputParseError {}
