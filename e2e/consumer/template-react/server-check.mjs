// @fieldstream/server from a plain Node ESM script: the entry and its imports resolve and load. It
// exports the proxy and resumable answers; patch streams have one home, @fieldstream/core/patch-stream.
import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';
import * as server from '@fieldstream/server';

console.log(
  JSON.stringify({
    server: Object.keys(server).sort(),
    patchStream: { fromPatchStream: typeof fromPatchStream, toPatchStream: typeof toPatchStream },
  }),
);
