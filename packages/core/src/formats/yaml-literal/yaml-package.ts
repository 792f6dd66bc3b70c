import type { Lexer, parseDocument } from 'yaml';

/** The parts of the `yaml` package the format uses. */
export type YamlPackage = { parseDocument: typeof parseDocument; Lexer: typeof Lexer };

/**
 * The `yaml` package, loaded on demand: the answers our instructions ask for are read by the fast
 * subset reader (`yaml-subset-parser.ts`), so most applications never load it. A dynamic import
 * keeps it out of every bundle's first chunk (decision 0013).
 */
let loaded: YamlPackage | undefined;
let loading: Promise<YamlPackage> | undefined;

/** The package when it has been loaded, else `undefined`. */
export function loadedYamlPackage(): YamlPackage | undefined {
  return loaded;
}

/** Loads the package once; later calls share the same promise. */
export function loadYamlPackage(): Promise<YamlPackage> {
  loading ??= import('yaml').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** Why a document could not be parsed while the package is not loaded. */
export const YAML_NOT_LOADED =
  'this YAML goes beyond the subset Fieldstream reads itself and needs the yaml package, which loads on ' +
  'demand: await yamlLiteralFormat.prepare(text) (or the stream parser’s prepare()) before parsing it ' +
  'synchronously; responses do this for you';
