import { test } from '@playwright/test';
import { ConsumerApp, type ConsumerAppDefinition } from './consumer-app';
import { expectPublishedFiles } from './published-files';

/**
 * Declares a spec's app: installed once before its first test (packing and installing are the slow
 * part), removed after its last, with the check every app makes of its tarballs. Returns the app.
 * Not serial: a failing check does not hide the others (the next worker installs the app again).
 */
export function consumerAppSpec(definition: ConsumerAppDefinition): () => ConsumerApp {
  let installed: ConsumerApp | undefined;
  const app = (): ConsumerApp => {
    if (installed === undefined) throw new Error(`the ${definition.template} app is not installed`);
    return installed;
  };
  test.beforeAll(async () => {
    test.setTimeout(600_000);
    installed = new ConsumerApp(definition);
  });
  test.afterAll(() => installed?.dispose());
  const packed = definition.packages.join(', ');
  test(`each tarball holds dist/, README.md, LICENSE, package.json and its declared assets only (${packed})`, () => {
    expectPublishedFiles(app());
  });
  return app;
}
