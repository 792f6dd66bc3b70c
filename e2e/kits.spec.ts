import { expect, test } from '@playwright/test';
import { scenarioStats } from './support/api';
import {
  firstTextOrder,
  itemChecks,
  itemStatuses,
  panelAppearance,
  routedActions,
  watchFirstText,
  watchStatusPanel,
} from './support/kits';

// The kit pages: the output contract (#/contract) and the batch answer flow (#/answer-flow). The
// contract tests below run the seed's own (Chinese) edition, `edition=zh`; the page opens in English.

/** Each consumer's action per status, as contract customer_refund v1.2 (seed output-contract-lesson.txt) defines them. */
const ROUTES: Record<string, { kind: string; actions: Record<string, string> }> = {
  resolved: {
    kind: 'business',
    actions: {
      agent_workbench: '展示结论、证据与话术',
      ticket_system: '按 actions 生成待确认任务',
      dashboard: 'count the refund_decision',
      audit: 'file order_no with the evidence',
      finance: 'reserve refund_amount for approval',
      monitoring: 'count a completed run',
      supervisor_workbench: 'show escalation_reason when need_human_review',
    },
  },
  need_more_info: {
    kind: 'business',
    actions: {
      agent_workbench: '展示需要补充的内容',
      ticket_system: '不创建任务',
      dashboard: 'count as waiting for the customer',
      audit: 'file order_no with what is missing',
      finance: 'nothing to reserve',
      monitoring: 'count missing_info items',
      supervisor_workbench: 'nothing to review',
    },
  },
  unable_to_confirm: {
    kind: 'business',
    actions: {
      agent_workbench: '展示已知部分与 missing_info',
      ticket_system: '创建“人工排查”任务',
      dashboard: 'count as 无法判断 (a business outcome)',
      audit: 'file order_no with the evidence and missing_info',
      finance: 'nothing to reserve until a human decides',
      monitoring: 'count missing_info items',
      supervisor_workbench: 'queue the case with escalation_reason',
    },
  },
  tool_failure: {
    kind: 'system',
    actions: {
      agent_workbench: '提示稍后重试',
      ticket_system: '记录故障，触发监控告警',
      dashboard: 'count as a system fault, never as a refund outcome',
      audit: 'file the failure, no decision',
      finance: 'nothing to reserve',
      monitoring: 'raise an alert for the failing data source',
      supervisor_workbench: 'nothing to review',
    },
  },
};

const CASES = [
  { status: 'resolved', format: 'json' },
  { status: 'need_more_info', format: 'xml_field' },
  { status: 'need_more_info', format: 'hybrid' },
  { status: 'unable_to_confirm', format: 'json' },
  { status: 'tool_failure', format: 'yaml_literal' },
] as const;

for (const { status, format } of CASES) {
  test(`contract: ${status} (${format}) switches the UI on status while streaming, then routes every consumer`, async ({
    page,
  }) => {
    await page.goto(`/#/contract?edition=zh&sample=${status}&format=${format}&rate=600&chunk=4`);
    await expect(page.getByTestId('contract-controls')).toBeVisible();
    await watchStatusPanel(page);
    await page.getByTestId('contract-start').click();

    const panel = page.getByTestId('status-panel');
    await expect(panel).toHaveAttribute('data-status', status);
    // The panel came up while the answer was still streaming: no final data, nothing routed yet,
    // and the last field (customer_message) not complete.
    expect(await panelAppearance(page)).toEqual({
      status,
      runStatus: 'streaming',
      hasFinal: false,
      routed: false,
      customerMessageComplete: false,
    });
    await expect(panel).toHaveAttribute('data-appeared-during', 'streaming');
    await expect(panel).toHaveAttribute('data-kind', ROUTES[status]?.kind ?? '');

    await expect(page.getByTestId('contract-run')).toHaveAttribute('data-status', 'done');
    const routed = page.getByTestId('routed-actions');
    await expect(routed).toHaveAttribute('data-status', status);
    await expect(routed).toHaveAttribute('data-kind', ROUTES[status]?.kind ?? '');
    expect(await routedActions(page)).toEqual(ROUTES[status]?.actions);
    await expect(page.getByTestId('final-violations')).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('contract-attempt')).toHaveCount(1);

    if (status === 'resolved') {
      await expect(panel.getByTestId('refund-decision')).toHaveText('部分符合');
      await expect(panel.getByTestId('refund-amount')).toHaveText('24.5');
    } else if (status === 'need_more_info') {
      await expect(panel.getByTestId('missing-info-item')).toHaveText(['quality_photo']);
    } else if (status === 'unable_to_confirm') {
      await expect(panel.getByTestId('escalation-reason')).toHaveText('关键数据获取失败，无法完成判定');
    } else {
      // A system fault: an alert, visibly apart from the business outcomes.
      await expect(panel).toHaveAttribute('role', 'alert');
      await expect(panel.getByTestId('system-fault-notice')).toContainText('System fault, not a refund outcome');
      await expect(panel.getByTestId('fault-reason')).toHaveText('订单服务超时，无法读取订单。');
    }
  });
}

test('contract: the invalid sample is retried with a correction naming the violations, then ends valid', async ({
  page,
  request,
}) => {
  await page.goto('/#/contract?edition=zh&sample=invalid_date_promise&format=json&rate=3000');
  await page.getByTestId('contract-start').click();
  await expect(page.getByTestId('contract-run')).toHaveAttribute('data-status', 'done');

  const attempts = page.getByTestId('contract-attempt');
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0).getByTestId('contract-violation')).toHaveText([
    'refund_within_balance refund_amount 500 exceeds the refundable balance 49',
    'no_promise customer_message promises an arrival time or an approval result',
  ]);
  await expect(attempts.nth(0).getByTestId('attempt-valid')).toHaveCount(0);
  await expect(attempts.nth(1).getByTestId('retry-correction')).toContainText(
    'Your previous answer could not be accepted: refund_amount 500 exceeds the refundable balance 49; customer_message promises an arrival time or an approval result',
  );
  await expect(attempts.nth(1).getByTestId('contract-violation')).toHaveCount(0);
  await expect(attempts.nth(1).getByTestId('attempt-valid')).toBeVisible();
  await expect(page.getByTestId('contract-attempt')).toHaveCount(2);
  await expect(page.getByTestId('contract-run')).toContainText('attempt 2');

  expect(await routedActions(page)).toEqual(ROUTES.resolved?.actions);
  await expect(page.getByTestId('final-violations')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('status-panel').getByTestId('refund-amount')).toHaveText('24.5');

  // The server saw one response with two attempts: the invalid answer, then the valid one.
  const scenario = (await page.getByTestId('contract-run').getAttribute('data-scenario')) ?? '';
  const stats = await scenarioStats(request, scenario);
  expect(stats.log.map((record) => [record.attempt, record.preset, record.outcome])).toEqual([
    [0, 'refund-invalid-date-promise', 'completed'],
    [1, 'refund-resolved', 'completed'],
  ]);
});

/** Han characters, CJK punctuation and full-width forms: what renders as boxes without a CJK font. */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

test('contract: the page opens in English, with no CJK text; the Chinese edition stays selectable', async ({
  page,
}) => {
  await page.goto('/#/contract?rate=3000');
  await expect(page.getByTestId('contract-edition')).toHaveValue('en');
  await expect(page.getByTestId('contract-sample')).toHaveValue('resolved');
  await page.getByTestId('contract-start').click();
  await expect(page.getByTestId('contract-run')).toHaveAttribute('data-status', 'done');
  const panel = page.getByTestId('status-panel');
  await expect(panel.getByTestId('refund-decision')).toHaveText('partly meets the policy');
  await expect(panel).toContainText('24.5 CNY');
  await expect(page.getByTestId('customer-message')).toHaveText(
    'Hello, we have confirmed that one mug arrived broken. We will refund CNY 24.5 for it to your original payment method and write to you once it has been reviewed.',
  );
  expect(await routedActions(page)).toMatchObject({
    agent_workbench: 'show the decision, the evidence and the message',
  });
  await expect(page.getByTestId('final-violations')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('sample-check')).toHaveAttribute('data-ok', 'true');
  expect(await page.locator('main').textContent()).not.toMatch(CJK);

  await page.getByTestId('contract-edition').selectOption('zh');
  await page.getByTestId('contract-start').click();
  await expect(page.getByTestId('contract-run')).toHaveAttribute('data-status', 'done');
  await expect(panel.getByTestId('refund-decision')).toHaveText('部分符合');
  await expect(panel).toContainText('24.5 元');
  // Where a CJK font is installed the text uses it: the page's font stack names them before the generic family.
  const fonts = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(fonts).toMatch(/"Noto Sans CJK SC".*sans-serif$/);
});

test('contract: the compatibility table tells minor from major and names the consumers that break', async ({
  page,
}) => {
  await page.goto('/#/contract');
  const rows = page.getByTestId('compatibility-row');
  await expect(rows).toHaveCount(3);
  const read = async (version: string) => {
    const row = page.locator(`[data-testid="compatibility-row"][data-version="${version}"]`);
    return {
      level: await row.getAttribute('data-level'),
      bumpOk: await row.getAttribute('data-bump-ok'),
      breaking: await row.getByTestId('breaking-consumers').textContent(),
    };
  };
  expect(await read('1.3')).toEqual({ level: 'minor', bumpOk: 'true', breaking: 'none' });
  expect(await read('2.0')).toEqual({
    level: 'major',
    bumpOk: 'true',
    breaking: 'agent_workbench, dashboard, monitoring, ticket_system',
  });
  expect(await read('1.4')).toEqual({
    level: 'major',
    bumpOk: 'false',
    breaking: 'agent_workbench, audit, dashboard, finance, monitoring, supervisor_workbench, ticket_system',
  });
  await expect(page.getByTestId('sample-check')).toHaveAttribute('data-ok', 'true');
});

const IDS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] as const;

test('answer flow (optional review): the batch fills in item by item, p5 is repaired after review, p6 is recovered by the fallback', async ({
  page,
}) => {
  await page.goto('/#/answer-flow?policy=optional&rate=1200');
  await watchFirstText(page);
  await page.getByTestId('flow-start').click();
  expect(await itemStatuses(page, IDS)).toEqual({
    p1: 'passed',
    p2: 'passed',
    p3: 'passed',
    p4: 'passed',
    p5: 'passed',
    p6: 'recovered',
  });
  // Batches of two, one after the other, each item streaming into its own `items.<id>` path.
  const order = await firstTextOrder(page);
  expect(order).toHaveLength(6);
  expect(new Set(order.slice(0, 2))).toEqual(new Set(['p1', 'p2']));
  expect(new Set(order.slice(2, 4))).toEqual(new Set(['p3', 'p4']));
  expect(new Set(order.slice(4, 6))).toEqual(new Set(['p5', 'p6']));

  expect(await itemChecks(page, 'p3')).toEqual([
    '0 generate passed',
    '0 check failed',
    '1 generate passed',
    '1 check passed',
    '1 review passed',
  ]);
  await expect(page.getByTestId('flow-item-p3')).toHaveAttribute('data-rounds', '2');
  expect(await itemChecks(page, 'p4')).toEqual(['0 generate passed', '0 check passed', '0 review unavailable']);
  expect(await itemChecks(page, 'p5')).toEqual([
    '0 generate passed',
    '0 check passed',
    '0 review failed',
    '1 generate passed',
    '1 check passed',
    '1 review passed',
  ]);
  expect(await itemChecks(page, 'p6')).toEqual([
    '0 generate passed',
    '0 check failed',
    '1 generate passed',
    '1 check failed',
    '1 fallback passed',
  ]);
  await expect(page.getByTestId('flow-item-p5').getByTestId('item-headline')).toHaveText('One piece of bamboo');
  // The fallback's shortened description is the store's final value (a reconciled change).
  const p6 = page.getByTestId('flow-item-p6').getByTestId('item-description');
  await expect(p6).toHaveAttribute('data-phase', 'changed');
  await expect(p6).toHaveText(/ the wool cycle of your…$/);
  await expect(page.getByTestId('flow-generate-calls')).toHaveAttribute('data-count', '5');
});

test('answer flow (required review): an unresolved review fails p4; the repaired item shows two rounds', async ({
  page,
}) => {
  await page.goto('/#/answer-flow?policy=required&rate=0');
  await page.getByTestId('flow-start').click();
  expect(await itemStatuses(page, IDS)).toEqual({
    p1: 'passed',
    p2: 'passed',
    p3: 'passed',
    p4: 'failed',
    p5: 'passed',
    p6: 'recovered',
  });
  expect(await itemChecks(page, 'p4')).toEqual([
    '0 generate passed',
    '0 check passed',
    '0 review unavailable',
    '1 generate passed',
    '1 check passed',
    '1 review unavailable',
    '1 fallback failed',
  ]);
  await expect(page.getByTestId('flow-item-p4').getByTestId('item-issues')).toHaveText(
    'unverified-claim no certificate on file for "IPX7"',
  );
  await expect(page.getByTestId('flow-item-p3')).toHaveAttribute('data-rounds', '2');
  await expect(page.getByTestId('flow-item-p1')).toHaveAttribute('data-rounds', '1');
});

test('answer flow: with the review desk down, optional tolerates it and required fails every reviewed item', async ({
  page,
}) => {
  await page.goto('/#/answer-flow?policy=optional&reviewDown=1&rate=0');
  await page.getByTestId('flow-start').click();
  expect(await itemStatuses(page, IDS)).toEqual({
    p1: 'passed',
    p2: 'passed',
    p3: 'passed',
    p4: 'passed',
    p5: 'passed',
    p6: 'recovered',
  });
  expect(await itemChecks(page, 'p5')).toEqual(['0 generate passed', '0 check passed', '0 review unavailable']);
  await expect(page.getByTestId('flow-diagnostics').locator('li').first()).toHaveText(
    'review_unavailable at review:0: review unavailable: the review desk is not answering',
  );

  await page.getByTestId('flow-policy').selectOption('required');
  await page.getByTestId('flow-start').click();
  await expect(page.getByTestId('flow-run')).toContainText('policy required');
  expect(await itemStatuses(page, IDS)).toEqual({
    p1: 'failed',
    p2: 'failed',
    p3: 'failed',
    p4: 'failed',
    p5: 'failed',
    p6: 'recovered',
  });
  await expect(page.getByTestId('flow-item-p1').getByTestId('item-issues')).toHaveText(
    'review-unavailable the review was unavailable',
  );
});

test('answer flow (review off, budget of one generate call): the other items are not-run', async ({ page }) => {
  await page.goto('/#/answer-flow?policy=off&budget=1&rate=0');
  await page.getByTestId('flow-start').click();
  expect(await itemStatuses(page, IDS)).toEqual({
    p1: 'passed',
    p2: 'passed',
    p3: 'not-run',
    p4: 'not-run',
    p5: 'not-run',
    p6: 'not-run',
  });
  await expect(page.getByTestId('flow-generate-calls')).toHaveAttribute('data-count', '1');
  expect(await itemChecks(page, 'p1')).toEqual(['0 generate passed', '0 check passed']);
  expect(await itemChecks(page, 'p3')).toEqual(['0 generate not-run', '0 fallback failed']);
  await expect(page.getByTestId('flow-item-p3').getByTestId('item-issues')).toHaveText(
    'not-run canInvoke stopped further generate calls',
  );
  await expect(page.getByTestId('flow-item-p3').getByTestId('item-description')).toHaveText('');
});

test('answer flow: abort mid-batch ends the run with an AbortError and keeps what streamed', async ({
  page,
  request,
}) => {
  await page.goto('/#/answer-flow?policy=optional&rate=60');
  await page.getByTestId('flow-start').click();
  const p1 = page.getByTestId('flow-item-p1').getByTestId('item-description');
  await expect(p1).toHaveAttribute('data-phase', 'streaming');
  await page.getByTestId('flow-abort').click();
  await expect(page.getByTestId('flow-error')).toHaveText('AbortError: The answer flow was aborted (code ABORTED)');
  await expect(page.getByTestId('flow-run')).toHaveAttribute('data-phase', 'error');
  await expect(page.getByTestId('flow-generate-calls')).toHaveAttribute('data-count', '1');
  await expect(p1).not.toHaveText('');
  for (const id of IDS) await expect(page.getByTestId(`flow-item-${id}`)).toHaveAttribute('data-status', 'pending');

  // The server saw the first batch's two requests end early, and no request for the next batch.
  const prefix = (await page.getByTestId('flow-run').getAttribute('data-scenario')) ?? '';
  for (const id of ['p1', 'p2']) {
    await expect
      .poll(async () => (await scenarioStats(request, `${prefix}-${id}-r0`)).log.map((record) => record.outcome))
      .toEqual(['client_closed']);
  }
  expect((await scenarioStats(request, `${prefix}-p3-r0`)).requests).toBe(0);
});
