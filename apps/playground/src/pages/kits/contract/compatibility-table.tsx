import { type ReactElement, useMemo } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import type { RefundEdition } from '../../../contracts/refund-editions';
import { contractVersions } from './contract-versions';

/** `checkContractCompatibility(v1.2, next)` for each variant: level, bump check, changes, whom they break. */
export function CompatibilityTable({ edition }: { edition: RefundEdition }): ReactElement {
  const versions = useMemo(() => contractVersions(edition), [edition]);
  return (
    <section className="panel" data-testid="compatibility">
      <h3>Compatibility with v{edition.contract.version}</h3>
      <ScrollTable
        label="Compatibility of contract versions"
        columns={['Version', 'Level', 'Bump ok', 'Breaking consumers', 'Changes']}
      >
        {versions.map(({ definition, report }) => (
          <tr
            key={definition.version}
            data-testid="compatibility-row"
            data-version={definition.version}
            data-level={report.level}
            data-bump-ok={report.versionBumpOk}
          >
            <td>{definition.version}</td>
            <td>
              <span className={`kit-level level-${report.level}`}>{report.level}</span>
            </td>
            <td>{report.versionBumpOk ? 'yes' : 'no: the version bump is too small'}</td>
            <td data-testid="breaking-consumers">
              {report.breakingConsumers.length === 0 ? 'none' : report.breakingConsumers.join(', ')}
            </td>
            <td>
              <ul className="kit-changes">
                {report.changes.map((change) => (
                  <li key={`${change.path}:${change.message}`} data-level={change.level}>
                    <span className={`kit-level level-${change.level}`}>{change.level}</span> {change.message}
                    {change.breaks.length > 0 ? ` — breaks ${change.breaks.join(', ')}` : ''}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}
