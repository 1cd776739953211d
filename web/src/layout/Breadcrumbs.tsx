import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import type { ResolvedView } from '../app/resolve';
import { HOME_PATH } from '../app/static-routes';
import { DASHBOARD_TITLE_KEY, useTitleOf } from '../app/titles';

/** Breadcrumb always starting with the dashboard (spec 2.3). */
export function Breadcrumbs({ view, path }: { view: ResolvedView | null; path: string }) {
  const titleOf = useTitleOf();
  const home = titleOf({ title: '', titleKey: DASHBOARD_TITLE_KEY });
  const atHome = path === HOME_PATH;
  const items = [
    {
      key: 'home',
      title: atHome ? (
        <span>
          <HomeOutlined /> {home}
        </span>
      ) : (
        <Link to={HOME_PATH}>
          <HomeOutlined /> {home}
        </Link>
      ),
    },
  ];
  if (view && !atHome) {
    view.parents.forEach((p, i) => {
      items.push({ key: `p${i}`, title: <span>{titleOf(p)}</span> });
    });
    items.push({ key: 'current', title: <span>{titleOf(view.meta)}</span> });
  }
  return <Breadcrumb className="app-breadcrumb" items={items} data-testid="breadcrumb" />;
}
