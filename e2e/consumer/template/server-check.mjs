// @fieldstream/server from a plain Node ESM script: the entry and its imports resolve and load.
import { createModelProxy, toNodeHandler } from '@fieldstream/server';

console.log(JSON.stringify({ createModelProxy: typeof createModelProxy, toNodeHandler: typeof toNodeHandler }));
