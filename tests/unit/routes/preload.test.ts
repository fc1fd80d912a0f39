import { afterEach, describe, expect, it } from 'vitest';
import { preloadPage, setPagePreloader } from '../../../renderer/routes/preload';

describe('preloading a page’s code ahead of a slow step', () => {
  afterEach(() => setPagePreloader(() => undefined));

  it('hands the registered preloader the pathname of a path or a same-origin address', () => {
    const asked: string[] = [];
    setPagePreloader((pathname) => asked.push(pathname));
    preloadPage('/home/?tab=lists#top');
    preloadPage('http://localhost/family-manager/');
    expect(asked).toEqual(['/home/', '/family-manager/']);
  });

  it('never throws: a failing preloader only loses the head start', () => {
    setPagePreloader(() => {
      throw new Error('chunk list unavailable');
    });
    expect(() => preloadPage('/home/')).not.toThrow();
  });
});
