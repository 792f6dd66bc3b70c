/** Benchmark documents: nested records with long strings full of escapes and CJK text. */
import { seededRandom } from './harness';

const WORDS = ['latency', 'replica', 'shard', 'invoice', 'rollout', 'quota', 'backfill', 'cache', 'retry', 'audit'];
const CJK = ['数据', '延迟', '服务器', '订单', '用户', '缓存', '重试', '审计', '日志', '配置', '東京', '한국어'];
const MARKS = ['"quoted"', 'back\\slash', 'tab\there', 'line\nbreak', 'ctrl\u0001char', 'emoji 😀', 'path C:\\tmp\\x'];

function sentence(random: () => number, words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    const roll = random();
    const pool = roll < 0.55 ? WORDS : roll < 0.85 ? CJK : MARKS;
    parts.push(pool[Math.floor(random() * pool.length)] as string);
  }
  return `${parts.join(' ')}.`;
}

function record(random: () => number, id: number) {
  return {
    id,
    name: `record-${id} ${sentence(random, 3)}`,
    score: Math.round(random() * 1e6) / 1e3,
    active: random() < 0.5,
    ratio: random() < 0.2 ? null : -random(),
    tags: Array.from({ length: 1 + Math.floor(random() * 4) }, () => WORDS[Math.floor(random() * WORDS.length)]),
    owner: { name: sentence(random, 2), email: `user${id}@example.com`, since: 1_600_000_000 + id * 977 },
    notes: sentence(random, 20 + Math.floor(random() * 60)),
    history: Array.from({ length: Math.floor(random() * 3) }, (_, i) => ({
      at: id * 10 + i,
      event: sentence(random, 4),
    })),
  };
}

/**
 * A pretty-printed document of about `bytes` characters: a report whose sections hold long
 * summaries and a dozen records each (the number of sections grows with the size).
 */
export function benchDocument(bytes: number, seed = 42): string {
  const random = seededRandom(seed);
  const sections: unknown[] = [];
  const document = { title: sentence(random, 8), generated: '2025-01-01T00:00:00Z', sections };
  let size = 0;
  let id = 0;
  while (size < bytes) {
    const records = Array.from({ length: 12 }, () => record(random, id++));
    const section = { heading: sentence(random, 5), summary: sentence(random, 150), records };
    sections.push(section);
    size += JSON.stringify(section, null, 2).length;
  }
  return JSON.stringify(document, null, 2);
}
