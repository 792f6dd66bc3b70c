import { expect, test } from '@playwright/test';
import { PARALLEL_CALLS, TICKET_ANSWER, TOOL_DIALECTS, TOOLS } from '../apps/playground/src/pages/tools/tool-scenario';

// The tool-calls page: the playground's own server plays the model in three wire dialects. (a) The
// ticket asked for through a forced tool streams into the same live form as a JSON answer; (b) two
// parallel calls show as cards whose arguments fill in while they are written, and end up in
// getToolCalls().

const ticket = JSON.parse(TICKET_ANSWER) as Record<string, unknown>;

for (const dialect of TOOL_DIALECTS) {
  test(`${dialect}: output through a tool fills the live form and the final data`, async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('nav-tools').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Tool calls' })).toBeVisible();
    await page.getByTestId('tools-dialect').selectOption(dialect);
    await page.getByTestId('tools-output-start').click();
    // Mid-stream: the title is on screen before the response is done.
    await page.waitForFunction(() => {
      const status = document.querySelector('[data-testid="tools-output-status"]')?.getAttribute('data-status');
      const title = document.querySelector('[data-testid="tools-output"] .fs-field[data-path="title"]');
      return status === 'streaming' && (title?.textContent ?? '').includes('db-1');
    });
    await expect(page.getByTestId('tools-output-status')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('final-data')).toContainText(String(ticket.summary));
    expect(JSON.parse((await page.getByTestId('final-data').textContent()) ?? '')).toEqual(ticket);
  });

  test(`${dialect}: two parallel tool calls render as live cards and end in getToolCalls()`, async ({ page }) => {
    await page.goto('/#/tools');
    await page.getByTestId('tools-dialect').selectOption(dialect);
    await page.getByTestId('tools-calls-start').click();
    // While the second call is written, its card is streaming and its body argument incomplete.
    const second = page.getByTestId('tool-call-1');
    await expect(second).toHaveAttribute('data-state', 'streaming');
    await expect(page.getByTestId('tool-arg-1-body')).toHaveAttribute('data-complete', 'false');
    await expect(second).toHaveAttribute('data-state', 'complete');
    await expect(page.getByTestId('tool-call-0')).toHaveAttribute('data-state', 'complete');
    await expect(page.getByTestId('tool-arg-0-limit')).toHaveAttribute('data-complete', 'true');
    await expect(page.getByTestId('tool-arg-0-limit')).toContainText('5');
    const final = JSON.parse((await page.getByTestId('tools-final-calls').textContent()) ?? '[]');
    expect(final).toEqual(
      PARALLEL_CALLS.map((call, index) => ({
        index,
        id: call.id,
        name: call.name,
        arguments: JSON.parse(call.arguments),
      })),
    );
    expect(TOOLS.map((tool) => tool.name)).toEqual(PARALLEL_CALLS.map((call) => call.name));
  });
}
