/**
 * The route tree the app router hands to react-router: the not-found fallback asks for the
 * not-found screen's code only when it renders, not on every page.
 */
import { renderToString } from 'react-dom/server';
import { Outlet, Router, UNSAFE_createMemoryHistory as createMemoryHistory, useRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { viewRoutes } from '../../../renderer/routes/app-router';
import { notFoundRoute, findRoute } from '../../../renderer/routes/route-table';
import type { TAppRouter, TView } from '../../../renderer/routes/router';

describe('app router view routes', () => {
  it('does not load the not-found screen for a page that matches', () => {
    const route = findRoute('v2.home');
    if (!route) throw new Error('no home route');
    const history = createMemoryHistory({ initialEntries: [route.path] });
    const view: TView = { location: history.location, action: history.action, route, params: {}, notFound: false };
    const screen = vi.fn<TAppRouter['screen']>(() => () => null);
    const router = { screen } as unknown as TAppRouter;
    function Tree() {
      return useRoutes(viewRoutes(router, view, <Outlet />));
    }
    renderToString(
      <Router location={view.location} navigator={history}>
        <Tree />
      </Router>,
    );
    expect(screen).toHaveBeenCalledWith(route);
    expect(screen).not.toHaveBeenCalledWith(notFoundRoute);
  });
});
