import { describe, expect, it } from 'vitest';
import { TransportError } from '../../src/errors/errors';
import { fromWireError, toWireError } from '../../src/patch-stream/wire-events';
import { revokedProxy, throwingProxy, UNREADABLE } from '../support/unreadable-values';

// A response's error crosses the wire (toPatchStream, a Worker) whatever was thrown: a value that
// cannot be read still becomes an error the reader can rebuild (issue 45, case 10).
describe('toWireError', () => {
  it('keeps a typed error whole, its fields included', () => {
    const wire = toWireError(new TransportError('down', 503, '', { retryAfter: '2' }));
    expect(wire).toMatchObject({ name: 'TransportError', code: 'HTTP_503', message: 'down' });
    expect(fromWireError(wire)).toMatchObject({ name: 'TransportError', code: 'HTTP_503', status: 503 });
  });

  it.each([
    ['a revoked Proxy', revokedProxy],
    ['a Proxy whose every trap throws', throwingProxy],
    [
      'an Error whose name getter throws',
      () =>
        Object.defineProperty(new Error('boom'), 'name', {
          get() {
            throw new Error('name');
          },
        }),
    ],
  ])('never throws on %s', (_name, make) => {
    const wire = toWireError(make());
    expect(wire.code).toBe('UNKNOWN');
    expect(wire.name).toBe('Error');
    expect(typeof wire.message).toBe('string');
    expect([UNREADABLE, 'boom']).toContain(wire.message);
  });
});
