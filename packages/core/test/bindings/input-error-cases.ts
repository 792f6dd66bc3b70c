// Bad input fails the same way in every binding: a typed error thrown from the mount.
import { ArgumentError, createFieldStore, defineOutput, type FieldStore, PathSyntaxError } from '@fieldstream/core';
import { describe, expect } from 'vitest';
import type { FormOutput, SuiteContext } from './binding-driver';

const SCHEMAS = 'a defineOutput definition, a Standard JSON Schema (zod 4, arktype, valibot) or a JSON Schema document';

/** The error `mount` threw (the test fails when it threw none). */
function thrownBy(mount: () => unknown): unknown {
  try {
    mount();
  } catch (error) {
    return error;
  }
  throw new Error('expected the mount to throw');
}

export function inputErrorCases({ driver, it }: SuiteContext): void {
  describe('bad input', () => {
    it('a malformed path is a PathSyntaxError naming it', () => {
      const error = thrownBy(() => driver.mountField(createFieldStore(), 'items[', { schedule: 'sync' }));
      expect(error).toBeInstanceOf(PathSyntaxError);
      expect(error).toMatchObject({ path: 'items[' });
    });

    it('a list pattern without [*] is a PathSyntaxError', () => {
      const error = thrownBy(() => driver.mountList(createFieldStore(), 'items', { schedule: 'sync' }));
      expect(error).toBeInstanceOf(PathSyntaxError);
      expect(error).toMatchObject({ path: 'items' });
    });

    it('a store that is no field store is an ArgumentError', () => {
      const notAStore = { getState: () => ({}) } as unknown as FieldStore;
      expect(thrownBy(() => driver.mountField(notAStore, 'summary', { schedule: 'sync' }))).toBeInstanceOf(
        ArgumentError,
      );
      expect(thrownBy(() => driver.mountStatus(notAStore, { schedule: 'sync' }))).toBeInstanceOf(ArgumentError);
    });

    it("a form's output that is no schema is an ArgumentError naming the prop", () => {
      const store = createFieldStore();
      const number = 42 as unknown as FormOutput;
      expect(thrownBy(() => driver.mountForm(store, number))).toEqual(
        new ArgumentError('LiveForm output', `LiveForm output must be ${SCHEMAS}, got a number`),
      );
      expect(thrownBy(() => driver.mountProgress(store, number))).toEqual(
        new ArgumentError('FieldProgress output', `FieldProgress output must be ${SCHEMAS}, got a number`),
      );
      // A definition compiles: the same store mounts with it.
      expect(() => driver.mountForm(store, defineOutput({ summary: ['string'] }))).not.toThrow();
    });
  });
}
