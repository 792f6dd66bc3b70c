import type { OutputDefinition } from '../../schema/define-output';
import { hasNullableText } from '../common/nullable-text';
import { YAML_BEGIN_MARKER, YAML_END_MARKER } from './yaml-markers';
import { yamlSkeleton } from './yaml-skeleton';

const ANSWER_SHAPE = [
  `Answer with one YAML mapping placed between a line ${YAML_BEGIN_MARKER} and a line ${YAML_END_MARKER}, each marker on a line of its own; write nothing after the end marker.`,
  'Top-level keys start at the beginning of the line. Indent nested content with two spaces, never with tabs.',
  'Write long text, text with several lines, and code as a literal block: the key, then " |", then the text on the following lines, indented by two spaces. Inside a literal block nothing needs escaping or quoting.',
  'Quote short strings that could be read as another type ("3", "true", "null").',
].join('\n');

/** A literal block is always text (`null` in it is the word); a bare `null` after the key is null. */
const NULL_TEXT = 'To give a text field no value, write null right after its key (key: null): no " |", no quotes.';

const SKELETON_LEGEND =
  'Use exactly this structure. <type> marks where a value of that type goes, "- ..." means the list may hold ' +
  'any number of such items, and a # comment describes its line (you may leave comments out).';

/**
 * The yaml_literal `[OUTPUT REQUIREMENT]` text: the marker lines, the indentation rules, literal
 * blocks for long text and code, how to write null for text that may be null, and a skeleton of the schema between the markers.
 */
export function yamlLiteralInstructions(output: OutputDefinition | undefined): string {
  if (output === undefined) return ANSWER_SHAPE;
  const shape = hasNullableText(output, true) ? `${ANSWER_SHAPE}\n${NULL_TEXT}` : ANSWER_SHAPE;
  return `${shape}\n${SKELETON_LEGEND}\n\n${YAML_BEGIN_MARKER}\n${yamlSkeleton(output.root)}\n${YAML_END_MARKER}`;
}
