import { ComingSoonNote } from '../../ui/coming-soon-note.tsx';

/**
 * Shown in the Daily Case tab and popup until the cases feature passes its daily case view in
 * (the app composes it: `<RewardsDialog dailyCase={…} />`, `<RewardsPage dailyCase={…} />`).
 */
export function DailyCasePlaceholder() {
  return (
    <ComingSoonNote title="Daily free case">
      Open a free case every 24 hours. The daily case arrives with the cases release.
    </ComingSoonNote>
  );
}
