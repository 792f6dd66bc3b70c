import type { ReactElement } from 'react';

/** The code of a Fieldstream error (or any error carrying a string `code`). */
export function errorCode(error: Error): string | undefined {
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** What failed, said in full: the error's class, its stable code and its message. */
export function ErrorNote({ error, testId }: { error: Error; testId: string }): ReactElement {
  const code = errorCode(error);
  return (
    <p className="error" role="alert" data-testid={testId} data-error={error.name} data-code={code}>
      {error.name}: {error.message}
      {code === undefined ? null : (
        <>
          {' '}
          (code <code className="error-code">{code}</code>)
        </>
      )}
    </p>
  );
}
