import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import { type Key, type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardColumn, type CardLayout, cardColumns, cardPage, cellValue } from './card-layout';
import { useNarrow } from './useMediaQuery';
import './responsive-table.css';

export { ACTIONS_COLUMN, type CardLayout } from './card-layout';

export type ResponsiveTableProps<T extends object> = TableProps<T> & {
  /** What a row's card shows below the breakpoint (default: first column as title, the next three as fields). */
  card?: CardLayout;
  'data-testid'?: string;
};

/**
 * Every list's table. From the mobile breakpoint (spec 9: 992 px) up it is antd's table; below it each row is a
 * card: its code and name as the title, a few key fields, and the row's actions in a "⋯" menu, so nothing
 * needs a horizontal scroll on a phone.
 */
export function ResponsiveTable<T extends object>({ card, ...props }: ResponsiveTableProps<T>) {
  const narrow = useNarrow();
  if (!narrow) return <Table<T> {...props} />;
  return <CardList {...props} card={card} />;
}

const renderCell = (column: CardColumn, row: object, index: number): ReactNode => {
  const value = cellValue(row, column);
  if (column.render) return (column.render as (v: unknown, r: object, i: number) => ReactNode)(value, row, index);
  return value == null ? '' : String(value);
};

const titleOf = (column: CardColumn): ReactNode =>
  typeof column.title === 'function' ? null : (column.title as ReactNode);

function CardList<T extends object>({
  columns = [],
  dataSource = [],
  pagination,
  rowKey = 'key',
  rowSelection,
  expandable,
  loading,
  locale,
  rowClassName,
  onRow,
  card,
  'data-testid': testId,
}: ResponsiveTableProps<T>) {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [localPage, setLocalPage] = useState(1);
  const paged = cardPage(dataSource, pagination, localPage);
  const shown = paged?.rows ?? dataSource;
  const layout = cardColumns(columns as CardColumn[], card);
  const keyOf = (row: T, index: number): Key =>
    typeof rowKey === 'function' ? rowKey(row, index) : ((row as Record<string, Key>)[rowKey as string] ?? index);
  const selected = rowSelection?.selectedRowKeys ?? [];
  const toggle = (key: Key, on: boolean) => {
    const keys = on ? [...selected, key] : selected.filter((k) => k !== key);
    const rows = dataSource.filter((r, i) => keys.includes(keyOf(r, i)));
    rowSelection?.onChange?.(keys, rows, { type: 'single' });
  };
  const spinning = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);
  const childrenOf = (row: T): T[] => {
    const kids = (row as { children?: unknown }).children;
    return Array.isArray(kids) ? (kids as T[]) : [];
  };

  const cardOf = (row: T, index: number, depth: number): ReactNode => {
    const key = keyOf(row, index);
    const cls = typeof rowClassName === 'function' ? rowClassName(row, index, depth) : (rowClassName ?? '');
    const canExpand = expandable?.expandedRowRender && (expandable.rowExpandable?.(row) ?? true);
    const open = expanded.includes(key);
    const [first, ...rest] = layout.title;
    const { className: rowClass, style: rowStyle, ...rowProps } = onRow?.(row, index) ?? {};
    return (
      <div key={String(key)}>
        <article
          data-testid="list-card"
          {...rowProps}
          className={`list-card ${cls} ${rowClass ?? ''}`}
          style={depth ? { ...rowStyle, marginLeft: depth * 16 } : rowStyle}
          data-row-key={String(key)}
        >
          <header className="list-card__head">
            {rowSelection ? (
              <Checkbox
                checked={selected.includes(key)}
                onChange={(e) => toggle(key, e.target.checked)}
                aria-label={t('list.select')}
              />
            ) : null}
            <div className="list-card__title">
              {first ? (
                <div className="list-card__name" data-testid="list-card-title">
                  {renderCell(first, row, index)}
                </div>
              ) : null}
              {rest.map((c) => (
                <div key={String(c.key ?? c.dataIndex)} className="list-card__code">
                  {renderCell(c, row, index)}
                </div>
              ))}
            </div>
            {layout.actions ? <RowMenu>{renderCell(layout.actions, row, index)}</RowMenu> : null}
          </header>
          {layout.fields.length > 0 ? (
            <dl className="list-card__fields">
              {layout.fields.map((c) => (
                <div key={String(c.key ?? c.dataIndex)} className="list-card__field">
                  <dt>{titleOf(c)}</dt>
                  <dd>{renderCell(c, row, index)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {canExpand ? (
            <>
              <Button
                type="link"
                size="small"
                className="list-card__more"
                aria-expanded={open}
                onClick={() => setExpanded((e) => (open ? e.filter((k) => k !== key) : [...e, key]))}
              >
                {t(open ? 'list.less' : 'list.more')}
              </Button>
              {open ? (
                <div className="list-card__expanded">{expandable?.expandedRowRender?.(row, index, depth, true)}</div>
              ) : null}
            </>
          ) : null}
        </article>
        {childrenOf(row).map((child, i) => cardOf(child, i, depth + 1))}
      </div>
    );
  };

  return (
    <Spin spinning={spinning}>
      <div className="list-cards" data-testid={testId} data-view="cards">
        {shown.length === 0
          ? ((locale?.emptyText as ReactNode) ?? <Empty />)
          : shown.map((row, i) => cardOf(row, i, 0))}
      </div>
      {paged && paged.total > paged.pageSize ? (
        <Pagination
          simple
          size="small"
          className="list-cards__pager"
          current={paged.current}
          pageSize={paged.pageSize}
          total={paged.total}
          showSizeChanger={false}
          onChange={(next, size) => {
            setLocalPage(next);
            if (pagination && typeof pagination === 'object') pagination.onChange?.(next, size);
          }}
          data-testid="list-cards-pager"
        />
      ) : null}
    </Spin>
  );
}

/**
 * A row's actions behind "⋯". A click on an action closes the menu, unless it opened a confirmation (the
 * confirmation belongs to the menu and closes it when answered).
 */
function RowMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const onClick = (e: MouseEvent) => {
    if ((e.target as Element).closest('.ant-popover')) {
      setOpen(false);
      return;
    }
    setTimeout(() => {
      if (!document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)')) setOpen(false);
    }, 0);
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div className="list-card__menu" onClick={onClick} data-testid="row-menu-items">
          {children}
        </div>
      )}
    >
      <Button
        type="text"
        size="small"
        icon={<EllipsisOutlined />}
        aria-label={t('list.actions')}
        data-testid="row-menu"
      />
    </Dropdown>
  );
}
