import { describe, expect, it, vi } from 'vitest';
import { createRouter } from './router';

// The signed-in routes arrive a moment after they are asked for, as a chunk over the network does.
vi.mock('./signed-in-routes', async () => {
  await new Promise((r) => setTimeout(r, 30));
  return { signedInRoutes: { id: 'signed-in', children: [{ index: true, element: <p>home</p> }] } };
});

/**
 * The signed-in routes are patched in on the first navigation that needs them (router.tsx). When that
 * navigation is interrupted by another to the same place (after a login: the login page's redirect and
 * the form's own navigate), the patch of the interrupted one does not count; the second must still find
 * the home page, not "No route matches URL '/'" (which showed "Something went wrong" after a login).
 */
describe('createRouter', () => {
  it('finds the signed-in routes after a navigation that needed them was interrupted', async () => {
    window.history.replaceState(null, '', '/login/reset-password');
    const router = createRouter();
    const first = router.navigate('/');
    const second = router.navigate('/', { replace: true });
    await Promise.all([first, second]);
    expect(router.state.errors).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.matches.at(-1)?.route.index).toBe(true);
    router.dispose();
  });
});
