/** The line that opens the YAML payload. */
export const YAML_BEGIN_MARKER = '<<<BEGIN AGENTLY_YAML>>>';
/** The line that closes the YAML payload. */
export const YAML_END_MARKER = '<<<END AGENTLY_YAML>>>';

/** A line that is the begin marker (surrounding whitespace allowed). */
export function isBeginMarkerLine(line: string): boolean {
  return line.trim() === YAML_BEGIN_MARKER;
}

/** A line that is the end marker (surrounding whitespace allowed). */
export function isEndMarkerLine(line: string): boolean {
  return line.trim() === YAML_END_MARKER;
}

/** A fence opener that introduces YAML: ```yaml or ```yml (used when there are no markers). */
export function isYamlFenceOpener(line: string): boolean {
  return /^ {0,3}`{3,}[ \t]*ya?ml[ \t]*$/i.test(line);
}

/** The closer of a YAML fence: backticks only, at column 0 (indented ``` is literal content). */
export function isYamlFenceCloser(line: string): boolean {
  return /^`{3,}[ \t]*$/.test(line);
}

/**
 * A fence line at column 0 between the markers (```yaml, ```): never valid YAML there, so both
 * parsers drop it (models sometimes wrap the payload in a fence inside the markers).
 */
export function isStrayFenceLine(line: string): boolean {
  return line.startsWith('```');
}
