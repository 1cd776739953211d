import { Tabs } from 'antd';
import { useEntityMeta } from './api';
import { ResourceListPage } from './ResourceListPage';
import type { EntityMeta, Row } from './types';

/** The child collections of a row: one nested list, or a tab per collection when there are several. */
export function ChildLists({ parent, entries }: { parent: Row; entries: EntityMeta['children'] }) {
  const list = (c: EntityMeta['children'][number]) => (
    <ResourceListPage entity={c.entity} fixed={{ [c.field]: parent.id }} nested />
  );
  if (entries.length === 1) return list(entries[0]!);
  return (
    <Tabs
      size="small"
      items={entries.map((c) => ({ key: c.as, label: <ChildTitle entity={c.entity} />, children: list(c) }))}
    />
  );
}

function ChildTitle({ entity }: { entity: string }) {
  const { data } = useEntityMeta(entity);
  return <span data-testid={`child-tab-${entity}`}>{data?.title ?? ''}</span>;
}
