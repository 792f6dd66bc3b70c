// `npm test` runs this first: it finds every system package the tests start, with the same lookups
// the tests use, and stops at once, naming each missing package and how to install it.
import { chromiumPath } from '../e2e/chromium';
import { redisServerPath } from '../packages/server/test/support/redis-server';

/** Debian's package name → the lookup that finds it or throws a message saying how to install it. */
const lookups: Record<string, () => string> = { chromium: chromiumPath, 'redis-server': redisServerPath };

const missing = Object.entries(lookups).flatMap(([name, find]) => {
  try {
    find();
    return [];
  } catch (error) {
    return [{ name, message: (error as Error).message }];
  }
});

if (missing.length > 0) {
  const names = missing.map(({ name }) => name);
  console.error(
    [
      `npm test needs ${names.join(' and ')}, not found on this machine:`,
      ...missing.map(({ message }) => `- ${message}`),
      `On Debian or Ubuntu: sudo apt-get install -y ${names.join(' ')}`,
    ].join('\n'),
  );
  process.exit(1);
}
