import { useNavigation } from 'react-router-dom';
import classes from './navigation-progress.module.css';

/** A thin indeterminate bar at the top of the window while a navigation loads (lazy screens, loaders). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
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
