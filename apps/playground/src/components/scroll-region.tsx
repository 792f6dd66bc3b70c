import { type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export type ScrollRegionProps = {
  /** What a screen reader calls the region (it is focusable, so keyboards can scroll it). */
  label: string;
  children: ReactNode;
  className?: string;
  /**
   * Keeps the newest content (the bottom) in view as `follow` changes, unless the reader scrolled
   * back; scrolling to the bottom again resumes following.
   */
  follow?: unknown;
  testId?: string;
};

/** Pixels from the bottom that still count as "at the newest". */
const BOTTOM_SLACK = 24;

/**
 * A panel's own scroll area: wide tables scroll here instead of widening the page, with shadows at
 * the edges that still hide content (the affordance), and a keyboard focus stop.
 */
export function ScrollRegion({ label, children, className, follow, testId }: ScrollRegionProps): ReactElement {
  const ref = useRef<HTMLElement>(null);
  const [following, setFollowing] = useState(true);
  const followRef = useRef(true);
  useLayoutEffect(() => {
    const element = ref.current;
    // `follow` is read so the effect runs when new content arrives.
    if (element === null || follow === undefined || !followRef.current) return;
    element.scrollTop = element.scrollHeight;
  }, [follow]);
  const onScroll = (): void => {
    const element = ref.current;
    if (element === null || follow === undefined) return;
    const atBottom = element.scrollTop + element.clientHeight >= element.scrollHeight - BOTTOM_SLACK;
    followRef.current = atBottom;
    setFollowing(atBottom);
  };
  return (
    <div className="scroll-region-wrap">
      <section
        ref={ref}
        className={`table-scroll${className === undefined ? '' : ` ${className}`}`}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        onScroll={onScroll}
        data-testid={testId}
        data-following={follow === undefined ? undefined : following}
      >
        {children}
      </section>
      {follow !== undefined && !following ? (
        <button
          type="button"
          className="jump-newest"
          data-testid={testId === undefined ? undefined : `${testId}-jump`}
          onClick={() => {
            const element = ref.current;
            if (element === null) return;
            element.scrollTop = element.scrollHeight;
            followRef.current = true;
            setFollowing(true);
          }}
        >
          ↓ Newest
        </button>
      ) : null}
    </div>
  );
}
