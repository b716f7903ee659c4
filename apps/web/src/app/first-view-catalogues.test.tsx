// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const asked: string[] = [];
vi.mock('@/messages', () => {
  const loader = (namespace: string) => (locale: string) => {
    asked.push(`${locale}/${namespace}`);
    return Promise.resolve({ default: {} });
  };
  return {
    namespaces: new Proxy({}, { get: (_target, namespace: string) => loader(namespace) }),
  };
});

const { dashboardNamespaces, startFirstViewCatalogues } = await import('./first-view-catalogues');

beforeEach(() => {
  asked.length = 0;
});

describe('the catalogues a dashboard host asks for as its code starts (issue 37)', () => {
  it('asks for the permissions, shared and Overview catalogues in the page language on /dashboard and /demo', () => {
    startFirstViewCatalogues('/dashboard', '', 'de');
    expect(asked.sort()).toEqual(['de/common', 'de/overview', 'de/permissions']);
    asked.length = 0;
    startFirstViewCatalogues('/demo', '?project=x', 'fr');
    expect(asked.sort()).toEqual(['fr/common', 'fr/overview', 'fr/permissions']);
  });

  it("leaves the Overview's out when the page opens on another tab, and asks nothing off a dashboard", () => {
    startFirstViewCatalogues('/dashboard', '?tab=team', 'en');
    expect(asked.sort()).toEqual(['en/common', 'en/permissions']);
    asked.length = 0;
    startFirstViewCatalogues('/login', '', 'en');
    startFirstViewCatalogues('/signup', '', 'en');
    expect(asked).toEqual([]);
  });

  it('names what the router waits for: the same list', () => {
    expect([...dashboardNamespaces({}, '')]).toEqual(['permissions', 'common', 'overview']);
    expect([...dashboardNamespaces({}, '?tab=team')]).toEqual(['permissions', 'common']);
  });
});
