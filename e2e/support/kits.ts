import { expect, type Page } from '@playwright/test';

/** What the DOM looked like the moment the contract page's status panel first appeared. */
export type PanelAppearance = {
  status: string;
  /** The run's status (`contract-run[data-status]`) in that same DOM. */
  runStatus: string;
  hasFinal: boolean;
  routed: boolean;
  customerMessageComplete: boolean;
};

/**
 * Watches the DOM (a MutationObserver, so it sees every commit) and records the first appearance
 * of the status panel, together with what else the page showed at that moment.
 */
export async function watchStatusPanel(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as unknown as { __panel?: PanelAppearance };
    const observer = new MutationObserver(() => {
      const panel = document.querySelector<HTMLElement>('[data-testid="status-panel"]');
      if (panel === null || target.__panel !== undefined) return;
      const run = document.querySelector<HTMLElement>('[data-testid="contract-run"]');
      const message = document.querySelector<HTMLElement>('[data-testid="customer-message"]');
      target.__panel = {
        status: panel.dataset.status ?? '',
        runStatus: run?.dataset.status ?? '',
        hasFinal: run?.dataset.hasFinal === 'true',
        routed: document.querySelector('[data-testid="routed-actions"]') !== null,
        customerMessageComplete: ['complete', 'confirmed', 'changed'].includes(message?.dataset.phase ?? ''),
      };
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

export async function panelAppearance(page: Page): Promise<PanelAppearance | undefined> {
  return page.evaluate(() => (window as unknown as { __panel?: PanelAppearance }).__panel);
}

/** The routed actions table as `consumer → action`. */
export async function routedActions(page: Page): Promise<Record<string, string>> {
  const rows = page.getByTestId('route-row');
  const out: Record<string, string> = {};
  for (const row of await rows.all()) {
    out[(await row.getAttribute('data-consumer')) ?? ''] = (await row.getByTestId('route-action').textContent()) ?? '';
  }
  return out;
}

/** Records, for each flow item, the order in which its description first showed text. */
export async function watchFirstText(page: Page): Promise<void> {
  await page.evaluate(() => {
    const order: string[] = [];
    new MutationObserver(() => {
      for (const card of document.querySelectorAll<HTMLElement>('[data-testid^="flow-item-"]')) {
        const id = card.dataset.testid?.replace('flow-item-', '') ?? '';
        const text = card.querySelector('[data-testid="item-description"] .fs-field-text')?.textContent ?? '';
        if (text !== '' && !order.includes(id)) order.push(id);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    (window as unknown as { __firstText: string[] }).__firstText = order;
  });
}

export async function firstTextOrder(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __firstText: string[] }).__firstText]);
}

/** Each item's final status, once the flow has finished. */
export async function itemStatuses(page: Page, ids: readonly string[]): Promise<Record<string, string>> {
  await expect(page.getByTestId('flow-run')).toHaveAttribute('data-phase', 'done');
  const out: Record<string, string> = {};
  for (const id of ids) out[id] = (await page.getByTestId(`flow-item-${id}`).getAttribute('data-status')) ?? '';
  return out;
}

/** An item's checks as `round stage status` rows. */
export async function itemChecks(page: Page, id: string): Promise<string[]> {
  const rows = page.getByTestId(`flow-item-${id}`).getByTestId('item-check');
  return Promise.all(
    (await rows.all()).map(async (row) =>
      [
        await row.getAttribute('data-round'),
        await row.getAttribute('data-stage'),
        await row.getAttribute('data-status'),
      ].join(' '),
    ),
  );
}
