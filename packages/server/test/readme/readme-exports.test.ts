// packages/server/README.md (the npm page) names every run-time export of the entry, so its list
// of what the package holds stays true as the entry grows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as server from '@fieldstream/server';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
const intro = readme.slice(0, readme.indexOf('\n## '));

describe('the server README', () => {
  it.each(Object.keys(server))('names %s before its first section', (name) => {
    expect(intro).toContain(`\`${name}`);
  });
});
