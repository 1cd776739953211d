import { DeleteOutlined, ExportOutlined, FilterOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Popconfirm, Result, Space, Spin, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../platform/pagination/Pagination';
import { toast } from '../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../platform/ui/ResponsiveTable';
import { useNarrow } from '../platform/ui/useMediaQuery';
import { deleteRows, exportRows, fetchPage, useEntityMeta } from './api';
import { ChildLists } from './ChildLists';
import { cardLayout } from './card-title';
import { displayValue } from './display';
import { ImportDialog } from './ImportDialog';
import { type FormMode, ResourceForm } from './ResourceForm';
import { SearchForm } from './SearchForm';
import type { EntityMeta, Row } from './types';
import './resources.css';
import { canOn } from './can';

export interface ResourceListProps {
  /** Entity name as served by /api-manage/meta/<entity>. */
  entity: string;
  /** Filters and values fixed by the page (the :type of /eqmold/eqcategory/2, the workshop of its lines). */
  fixed?: Record<string, string | number>;
  /** A compact list inside another (no card, no search form). */
  nested?: boolean;
  /** Page-specific buttons after the standard ones (allot, print, mount...). */
  toolbarExtra?: (ctx: ListContext) => ReactNode;
  /** Page-specific actions of a row after view, edit and delete (submit, audit, recall...). */
  rowActions?: (row: Row, ctx: ListContext) => ReactNode;
  /** Hide edit and delete of rows that may no longer change (an audited document). */
  rowLocked?: (row: Row) => boolean;
  /** A class for a row (a mould near the end of its life). */
  rowClassName?: (row: Row) => string;
  /** The page's own view of a row's children, shown when the row expands (instead of the generic child lists). */
  expandedRow?: (row: Row) => ReactNode;
  /** The rows' children are shown elsewhere (the record's drawer): no expander. */
  noExpand?: boolean;
  /** The page's own add button (a form of its own) in place of the standard one, shown when adding is allowed. */
  addButton?: (ctx: ListContext) => ReactNode;
  /** Filters the page applies outside the search form (a state tab): they narrow the list only. */
  filters?: Record<string, string | number>;
  /** Told the search form's filters whenever the user searches (counts that follow the same filters). */
  onSearch?: (filters: Record<string, string | number>) => void;
}

/** What page-specific buttons get: the selected rows and a way to reload the list. */
export interface ListContext {
  selected: number[];
  selectedRows: Row[];
  refresh: () => Promise<void>;
}

type Sort = { sort?: string; order?: 'asc' | 'desc' };

const NONE: Record<string, string | number> = {};

function ListBody({
  meta,
  fixed = NONE,
  nested,
  toolbarExtra,
  rowActions,
  rowLocked,
  rowClassName,
  expandedRow,
  noExpand,
  addButton,
  filters: pageFilters = NONE,
  onSearch,
}: Omit<ResourceListProps, 'entity'> & { meta: EntityMeta }) {
  const { t } = useTranslation('resources');
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, limit: nested ? 10 : 20 });
  const [filters, setFilters] = useState<Record<string, string | number>>({});
  const [sort, setSort] = useState<Sort>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [selectedRows, setSelectedRows] = useState<Row[]>([]);
  const [form, setForm] = useState<{ mode: FormMode; id: number | null } | null>(null);
  const [importing, setImporting] = useState(false);
  // On a phone the search form and the secondary buttons fold behind one toggle: the rows come first.
  const narrow = useNarrow();
  const [toolsOpen, setToolsOpen] = useState(false);

  // Another page filter starts again at page 1. Compared while rendering, not in an effect: a kept-alive view's
  // effects run again each time its tab is shown (React's Activity), which put a list left on page 2 back on 1.
  const pageFiltersKey = JSON.stringify(pageFilters);
  const [pagedFilters, setPagedFilters] = useState(pageFiltersKey);
  if (pagedFilters !== pageFiltersKey) {
    setPagedFilters(pageFiltersKey);
    setPaging((p) => ({ ...p, page: 1 }));
  }

  const query = { ...filters, ...pageFilters, ...fixed, ...sort, page: paging.page, limit: paging.limit };
  const can = canOn(meta, fixed);
  const { data, isFetching } = useQuery({
    queryKey: ['resource-page', meta.name, query],
    queryFn: () => fetchPage(meta, query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource-page', meta.name] });
  const ctx: ListContext = { selected, selectedRows, refresh };

  const remove = async (ids: number[]) => {
    try {
      await deleteRows(meta, ids);
      toast('success', t('messages.deleted'));
      setSelected([]);
      await refresh();
    } catch {
      // The HTTP client has shown the server's reason (for example: still used by other records).
    }
  };

  const exportAll = async () => {
    const { page: _p, limit: _l, ...filtersOnly } = query;
    const r = await exportRows(meta, filtersOnly);
    toast('success', r.msg ?? t('messages.exportQueued'));
  };

  const columns = ((): TableProps<Row>['columns'] => {
    const cols: NonNullable<TableProps<Row>['columns']> = meta.fields
      .filter((f) => f.list && !(f.name in fixed))
      .map((f) => ({
        key: f.name,
        title: f.label,
        dataIndex: f.custom ? ['custom', f.name.slice(7)] : f.name,
        sorter: f.sortable,
        ellipsis: true,
        align: f.type === 'decimal' || f.type === 'integer' ? ('right' as const) : undefined,
        render: (_v: unknown, row: Row) => displayValue(f, row, t),
      }));
    cols.push({
      key: ACTIONS_COLUMN,
      title: t('table.actions'),
      fixed: 'right',
      // As wide as its buttons: a wider fixed column hides more of the columns it floats over.
      className: 'resource-actions',
      render: (_v: unknown, row: Row) => (
        <Space size={4} data-testid="row-actions">
          <Button type="link" size="small" onClick={() => setForm({ mode: 'view', id: row.id })}>
            {t('actions.view')}
          </Button>
          {can.edit && !rowLocked?.(row) && (
            <Button
              type="link"
              size="small"
              onClick={() => setForm({ mode: 'edit', id: row.id })}
              data-testid="row-edit"
            >
              {t('actions.edit')}
            </Button>
          )}
          {can.delete && !rowLocked?.(row) && (
            <Popconfirm title={t('confirm.deleteOne')} onConfirm={() => remove([row.id])}>
              <Button type="link" size="small" danger data-testid="row-delete">
                {t('actions.delete')}
              </Button>
            </Popconfirm>
          )}
          {rowActions?.(row, ctx)}
        </Space>
      ),
    });
    return cols;
  })();

  const children = nested || noExpand ? [] : meta.children;
  const searchFields = meta.fields.filter((f) => !(f.name in fixed));
  const secondary = [
    can.delete && !nested && (
      <Popconfirm
        key="batch-delete"
        title={t('confirm.deleteMany', { count: selected.length })}
        onConfirm={() => remove(selected)}
        disabled={selected.length === 0}
      >
        <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} data-testid="resource-batch-delete">
          {t('actions.batchDelete')}
        </Button>
      </Popconfirm>
    ),
    can.import && !nested && (
      <Button key="import" icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="resource-import">
        {t('actions.import')}
      </Button>
    ),
    can.export && !nested && (
      <Button key="export" icon={<ExportOutlined />} onClick={exportAll} data-testid="resource-export">
        {t('actions.export')}
      </Button>
    ),
  ].filter(Boolean);
  const foldable = narrow && !nested && (secondary.length > 0 || searchFields.some((f) => f.filter));
  const folded = foldable && !toolsOpen;
  const activeFilters = Object.values(filters).filter((v) => v !== '' && v !== null && v !== undefined).length;
  // A flex row, not antd's Space: the buttons a page adds (one component, several buttons) get the gap too.
  const toolbar = (
    <div className="resource-toolbar__buttons">
      {foldable && (
        <Button
          icon={<FilterOutlined />}
          aria-expanded={toolsOpen}
          onClick={() => setToolsOpen((o) => !o)}
          data-testid="resource-tools-toggle"
        >
          {t('actions.filters')}
          {activeFilters > 0 && <Badge count={activeFilters} size="small" color="blue" />}
        </Button>
      )}
      {can.add && addButton?.(ctx)}
      {can.add && !addButton && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setForm({ mode: 'create', id: null })}
          data-testid="resource-add"
        >
          {t('actions.add')}
        </Button>
      )}
      {!folded && secondary}
      {!nested && toolbarExtra?.(ctx)}
    </div>
  );

  const search = nested ? null : (
    <SearchForm
      fields={searchFields}
      hidden={folded}
      onSearch={(q) => {
        setFilters(q);
        onSearch?.(q);
        setPaging((p) => ({ ...p, page: 1 }));
      }}
    />
  );

  const table = (
    <>
      {/* Folded on a phone, the toggle stays where it is and the filters open under it. */}
      {!foldable && search}
      <div className="resource-toolbar">{toolbar}</div>
      {foldable && search}
      <ResponsiveTable<Row>
        card={cardLayout(meta, fixed)}
        rowKey="id"
        size={nested ? 'small' : 'middle'}
        loading={isFetching}
        dataSource={data?.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('table.empty')} /> }}
        rowSelection={
          nested
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (keys, rows) => {
                  setSelected(keys as number[]);
                  setSelectedRows(rows);
                },
              }
        }
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(s?.order ? { sort: String(s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' } : {});
        }}
        rowClassName={rowClassName}
        expandable={
          expandedRow && !nested
            ? { expandedRowRender: expandedRow }
            : children.length > 0
              ? { expandedRowRender: (row) => <ChildLists parent={row} entries={children} /> }
              : undefined
        }
        data-testid={`resource-table-${meta.name}`}
      />
      <Pagination
        total={data?.count ?? 0}
        page={paging.page}
        limit={paging.limit}
        onChange={setPaging}
        autoScroll={!nested}
      />
      {form && (
        <ResourceForm
          meta={meta}
          mode={form.mode}
          id={form.id}
          fixed={fixed}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          meta={meta}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void refresh();
          }}
        />
      )}
    </>
  );
  return nested ? (
    <div className="resource-nested">{table}</div>
  ) : (
    <Card title={meta.title} className="resource-page">
      {table}
    </Card>
  );
}

/**
 * The list page of any entity: search form from its filters, columns, sort, pages, batch delete, import and
 * export, all from GET /api-manage/meta/<entity>; the buttons follow what the server says the user may do.
 */
export function ResourceListPage({ entity, ...props }: ResourceListProps) {
  const { t } = useTranslation('resources');
  const { data: meta, isLoading, isError } = useEntityMeta(entity);
  if (isLoading) return <Spin className="resource-loading" />;
  if (isError || !meta) return <Result status="warning" title={t('messages.metaFailed')} />;
  return <ListBody meta={meta} {...props} />;
}
