import { describe, expect, it } from 'vitest';
import { menusToRoutes } from '../../app/menu-routes';
import { resolveView } from '../../app/resolve';
import { pages } from './pages';

/** The sidebar of someone given a project form's menu (published under 设备) and an ordinary form's. */
const routes = menusToRoutes([
  {
    id: 'g',
    menuname: '设备',
    children: [
      { id: 'p', menuname: '巡检项目', url: '/project/index', query: 'inspectpj', fromproject: true },
      { id: 'f', menuname: '来访登记', url: '/showform', query: 'visit' },
    ],
  },
]);

describe("a project form's menu leaf (fromproject)", () => {
  it("opens the project list of its form, which reads the form's code from the menu", () => {
    const v = resolveView('/project/index/inspectpj', routes, pages);
    expect(v).toMatchObject({
      kind: 'page',
      pattern: '/project/index/:code',
      permitted: true,
      meta: { title: '巡检项目', query: 'inspectpj' },
    });
    expect(v?.parents.map((p) => p.title)).toEqual(['设备']);
  });

  it('is not the generic form page, which an ordinary form leaf keeps', () => {
    expect(resolveView('/showform/visit', routes, pages)?.page?.path).toBe('/showform/index');
    expect(resolveView('/project/index/inspectpj', routes, pages)?.page?.path).not.toBe('/showform/index');
  });

  it('does not open projects of a form whose menu the user was not given', () => {
    expect(resolveView('/project/index/other', routes, pages)).toBeNull();
  });
});
