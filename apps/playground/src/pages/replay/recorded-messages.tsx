import type { Recording } from '@fieldstream/core/recording';
import type { ReactElement } from 'react';
import { ScrollRegion } from '../../components/scroll-region';

/** The messages of a recording sent so far, each its time and its wire events as text; the latest marked. */
export function RecordedMessages({ recording, sent }: { recording: Recording; sent: number }): ReactElement {
  const shown = recording.messages.slice(0, sent);
  return (
    <section className="panel">
      <h3>Messages sent</h3>
      <ScrollRegion label="Recorded messages, newest last" follow={sent} testId="replay-messages">
        <ol>
          {shown.map((message, index) => (
            <li
              // The recording never changes while the page shows it: its index is the message's identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              data-testid="replay-message"
              className={index === sent - 1 ? 'selected' : undefined}
            >
              <code>
                {message.at} ms: {JSON.stringify(message.events)}
              </code>
            </li>
          ))}
        </ol>
      </ScrollRegion>
    </section>
  );
}
