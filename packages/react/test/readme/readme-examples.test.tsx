// The README's progress panel and dashboard tile, run as the README writes them: the components
// come from the type tests that hold them verbatim, on the scripted model, plain and in <StrictMode>.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { describeInModes } from '../support/modes';
import { Dashboard } from './readme-dashboard-tile.test-d';
import { IncidentProgress } from './readme-progress-panel.test-d';

describeInModes('the README progress panel', (mode) => {
  it('shows the retry of an answer without its required field, then every field confirmed', async () => {
    render(<IncidentProgress />, { wrapper: mode.wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(screen.getByText(/^done, attempt 2 \(retried: \w+\)$/)).toBeTruthy());
    const summary = document.querySelector('.fs-progress-row[data-path="status_summary"]');
    expect(summary?.getAttribute('data-phase')).toBe('confirmed');
  });
});

describeInModes('the README dashboard tile', (mode) => {
  it('streams one response per tile, each into its own store', async () => {
    const { container } = render(<Dashboard metrics={['latency', 'errors']} />, { wrapper: mode.wrapper });
    await waitFor(() =>
      expect([...container.querySelectorAll('article')].map((article) => article.dataset.status)).toEqual([
        'done',
        'done',
      ]),
    );
    expect(screen.getByText('latency steady')).toBeTruthy();
    expect(screen.getByText('errors steady')).toBeTruthy();
  });
});
