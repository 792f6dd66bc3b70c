/**
 * `npm run bench -- bundle`: what each import costs an application (minified + gzip, React and zod
 * external, zustand bundled; see bench/bundle-size.ts). The budgets themselves are checked by
 * `npm run test:size` (bench/bundle-budgets.ts).
 */
import { ENTRIES, FORMAT_DEFINITIONS, kb, measureBundle, responseWith } from './bundle-size';

export default async function bundleSizeBench(): Promise<void> {
  console.log('\n### Bundle size (minified ESM + gzip; react and zod external, zustand and yaml bundled)\n');
  console.log('| entry | min | min+gzip | loaded on demand (gzip) | yaml |');
  console.log('|---|---:|---:|---:|---|');
  const rows: [string, string, boolean][] = [
    ['createStreamParser (json only)', ENTRIES.parserJson, false],
    ['createResponse + openAIChat + createFieldStore (json)', ENTRIES.responseJson, false],
    ['fromPatchStream + createFieldStore + three hooks (the useObject job)', ENTRIES.patchStreamPage, false],
    [
      "the AI SDK's experimental_useObject (the peer of the useObject job; zod external)",
      ENTRIES.aiSdkUseObject,
      false,
    ],
    ['the response entry + the three hooks and useResponse (all in the page)', ENTRIES.responsePage, false],
    ['whole @fieldstream/core', ENTRIES.wholeCore, false],
    ['@fieldstream/react (core external)', ENTRIES.react, true],
  ];
  for (const [name, source, externalCore] of rows) {
    const size = await measureBundle(source, externalCore);
    console.log(`| ${name} | ${kb(size.raw)} | ${kb(size.gzip)} | ${kb(size.lazyGzip)} | ${yamlCell(size)} |`);
  }
  const base = await measureBundle(ENTRIES.responseJson);
  console.log('\n| the response entry plus | added min+gzip | loaded on demand (gzip) | yaml |');
  console.log('|---|---:|---:|---|');
  for (const [name, definition] of Object.entries(FORMAT_DEFINITIONS)) {
    const size = await measureBundle(responseWith(definition));
    console.log(
      `| \`${definition}\` (${name}) | +${kb(size.gzip - base.gzip)} | ${kb(size.lazyGzip)} | ${yamlCell(size)} |`,
    );
  }
}

function yamlCell(size: { eagerYaml: boolean; anyYaml: boolean }): string {
  if (size.eagerYaml) return 'bundled';
  return size.anyYaml ? 'on demand' : 'absent';
}
