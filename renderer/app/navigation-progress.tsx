import { useNavigationState } from './navigation-state';
import { useDelayedFlag } from './delayed';
import classes from './navigation-progress.module.css';

/**
 * A thin indeterminate bar at the top of the window while a navigation loads (a screen's code,
 * its data), shown only when it takes longer than the default async component delay (200 ms).
 */
export function NavigationProgress() {
  const navigation = useNavigationState();
  const shown = useDelayedFlag(navigation.state !== 'idle');
  if (!shown) return null;
  return (
    <div
      className={classes.track}
      role="progressbar"
      aria-label="Loading page"
      aria-busy="true"
      data-testid="navigation-progress"
    >
      <div className={classes.bar} />
    </div>
  );
}
