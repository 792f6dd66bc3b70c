import { expect, type Locator } from '@playwright/test';

/**
 * A checkbox and its label's text sit on one line: the box is left of the text, and the box's
 * vertical middle falls inside the text's line (not centred above it).
 */
export async function expectBoxBesideLabel(checkbox: Locator): Promise<void> {
  const box = await checkbox.boundingBox();
  const text = await checkbox.evaluate((input) => {
    const range = document.createRange();
    range.selectNodeContents(input.closest('label') as HTMLLabelElement);
    range.setStartAfter(input);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  expect(box).not.toBeNull();
  if (box === null) return;
  expect(text.width).toBeGreaterThan(0);
  expect(box.x + box.width).toBeLessThanOrEqual(text.x + 1);
  const middle = box.y + box.height / 2;
  expect(middle).toBeGreaterThan(text.y);
  expect(middle).toBeLessThan(text.y + text.height);
}
